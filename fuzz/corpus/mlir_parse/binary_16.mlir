func.func @subtract_ui16() {
  %lhs = stablehlo.constant dense<[5, 1, 0, 65535]> : tensor<4xui16>
  %rhs = stablehlo.constant dense<[2, 4, 1, 65535]> : tensor<4xui16>
  %result = stablehlo.subtract %lhs, %rhs : tensor<4xui16>
  check.expect_eq_const %result, dense<[3, 65533, 65535, 0]> : tensor<4xui16>
  func.return
}
