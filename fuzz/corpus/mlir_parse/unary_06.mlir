func.func @negate_ui32() {
  %operand = stablehlo.constant dense<[0, 1, 5, 4294967295]> : tensor<4xui32>
  %result = stablehlo.negate %operand : tensor<4xui32>
  check.expect_eq_const %result, dense<[0, 4294967295, 4294967291, 1]> : tensor<4xui32>
  func.return
}
