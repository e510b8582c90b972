func.func @negate_ui8() {
  %operand = stablehlo.constant dense<[0, 1, 5, 255]> : tensor<4xui8>
  %result = stablehlo.negate %operand : tensor<4xui8>
  check.expect_eq_const %result, dense<[0, 255, 251, 1]> : tensor<4xui8>
  func.return
}
