func.func @not_ui16() {
  %operand = stablehlo.constant dense<[0, 65535, 5, 1]> : tensor<4xui16>
  %result = stablehlo.not %operand : tensor<4xui16>
  check.expect_eq_const %result, dense<[65535, 0, 65530, 65534]> : tensor<4xui16>
  func.return
}
