func.func @abs_i16() {
  %operand = stablehlo.constant dense<[-3, 0, 5, -32767]> : tensor<4xi16>
  %result = stablehlo.abs %operand : tensor<4xi16>
  check.expect_eq_const %result, dense<[3, 0, 5, 32767]> : tensor<4xi16>
  func.return
}
