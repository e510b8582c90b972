func.func @not_ui64() {
  %operand = stablehlo.constant dense<[0, 18446744073709551615, 5, 1]> : tensor<4xui64>
  %result = stablehlo.not %operand : tensor<4xui64>
  check.expect_eq_const %result, dense<[18446744073709551615, 0, 18446744073709551610, 18446744073709551614]> : tensor<4xui64>
  func.return
}
