func.func @minimum_ui64() {
  %lhs = stablehlo.constant dense<[0, 7, 18446744073709551615, 3]> : tensor<4xui64>
  %rhs = stablehlo.constant dense<[1, 7, 2, 4]> : tensor<4xui64>
  %result = stablehlo.minimum %lhs, %rhs : tensor<4xui64>
  check.expect_eq_const %result, dense<[0, 7, 2, 3]> : tensor<4xui64>
  func.return
}
