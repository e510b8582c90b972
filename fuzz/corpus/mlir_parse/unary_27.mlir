func.func @not_ui8() {
  %operand = stablehlo.constant dense<[0, 255, 5, 1]> : tensor<4xui8>
  %result = stablehlo.not %operand : tensor<4xui8>
  check.expect_eq_const %result, dense<[255, 0, 250, 254]> : tensor<4xui8>
  func.return
}
