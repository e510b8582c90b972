func.func @negate_ui64() {
  %operand = stablehlo.constant dense<[0, 1, 5, 18446744073709551615]> : tensor<4xui64>
  %result = stablehlo.negate %operand : tensor<4xui64>
  check.expect_eq_const %result, dense<[0, 18446744073709551615, 18446744073709551611, 1]> : tensor<4xui64>
  func.return
}
