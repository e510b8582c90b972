func.func @not_ui32() {
  %operand = stablehlo.constant dense<[0, 4294967295, 5, 1]> : tensor<4xui32>
  %result = stablehlo.not %operand : tensor<4xui32>
  check.expect_eq_const %result, dense<[4294967295, 0, 4294967290, 4294967294]> : tensor<4xui32>
  func.return
}
