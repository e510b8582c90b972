func.func @sign_i16() {
  %operand = stablehlo.constant dense<[-3, 0, 5, -32768]> : tensor<4xi16>
  %result = stablehlo.sign %operand : tensor<4xi16>
  check.expect_eq_const %result, dense<[-1, 0, 1, -1]> : tensor<4xi16>
  func.return
}
