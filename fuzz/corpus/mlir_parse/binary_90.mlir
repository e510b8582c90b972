func.func @and_ui16() {
  %lhs = stablehlo.constant dense<[65535, 12, 5, 0]> : tensor<4xui16>
  %rhs = stablehlo.constant dense<[7, 10, 65535, 0]> : tensor<4xui16>
  %result = stablehlo.and %lhs, %rhs : tensor<4xui16>
  check.expect_eq_const %result, dense<[7, 8, 5, 0]> : tensor<4xui16>
  func.return
}
