func.func @maximum_ui64() {
  %lhs = stablehlo.constant dense<[0, 7, 18446744073709551615, 3]> : tensor<4xui64>
  %rhs = stablehlo.constant dense<[1, 7, 2, 4]> : tensor<4xui64>
  %result = stablehlo.maximum %lhs, %rhs : tensor<4xui64>
  check.expect_eq_const %result, dense<[1, 7, 18446744073709551615, 4]> : tensor<4xui64>
  func.return
}
