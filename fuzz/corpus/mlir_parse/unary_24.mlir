func.func @not_i16() {
  %operand = stablehlo.constant dense<[-1, 0, 5, -32768]> : tensor<4xi16>
  %result = stablehlo.not %operand : tensor<4xi16>
  check.expect_eq_const %result, dense<[0, -1, -6, 32767]> : tensor<4xi16>
  func.return
}
