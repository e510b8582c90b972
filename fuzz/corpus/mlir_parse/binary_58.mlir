func.func @maximum_ui16() {
  %lhs = stablehlo.constant dense<[0, 7, 65535, 3]> : tensor<4xui16>
  %rhs = stablehlo.constant dense<[1, 7, 2, 4]> : tensor<4xui16>
  %result = stablehlo.maximum %lhs, %rhs : tensor<4xui16>
  check.expect_eq_const %result, dense<[1, 7, 65535, 4]> : tensor<4xui16>
  func.return
}
