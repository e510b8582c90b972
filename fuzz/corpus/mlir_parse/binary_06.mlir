func.func @add_ui16() {
  %lhs = stablehlo.constant dense<[0, 1, 5, 65535]> : tensor<4xui16>
  %rhs = stablehlo.constant dense<[2, 4, 3, 1]> : tensor<4xui16>
  %result = stablehlo.add %lhs, %rhs : tensor<4xui16>
  check.expect_eq_const %result, dense<[2, 5, 8, 0]> : tensor<4xui16>
  func.return
}
