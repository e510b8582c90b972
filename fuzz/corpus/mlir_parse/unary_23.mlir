func.func @not_i8() {
  %operand = stablehlo.constant dense<[-1, 0, 5, -128]> : tensor<4xi8>
  %result = stablehlo.not %operand : tensor<4xi8>
  check.expect_eq_const %result, dense<[0, -1, -6, 127]> : tensor<4xi8>
  func.return
}
