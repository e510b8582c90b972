func.func @and_ui64() {
  %lhs = stablehlo.constant dense<[18446744073709551615, 12, 5, 0]> : tensor<4xui64>
  %rhs = stablehlo.constant dense<[7, 10, 18446744073709551615, 0]> : tensor<4xui64>
  %result = stablehlo.and %lhs, %rhs : tensor<4xui64>
  check.expect_eq_const %result, dense<[7, 8, 5, 0]> : tensor<4xui64>
  func.return
}
