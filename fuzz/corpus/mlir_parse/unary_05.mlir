func.func @negate_ui16() {
  %operand = stablehlo.constant dense<[0, 1, 5, 65535]> : tensor<4xui16>
  %result = stablehlo.negate %operand : tensor<4xui16>
  check.expect_eq_const %result, dense<[0, 65535, 65531, 1]> : tensor<4xui16>
  func.return
}
