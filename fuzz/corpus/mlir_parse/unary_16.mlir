func.func @sign_i8() {
  %operand = stablehlo.constant dense<[-3, 0, 5, -128]> : tensor<4xi8>
  %result = stablehlo.sign %operand : tensor<4xi8>
  check.expect_eq_const %result, dense<[-1, 0, 1, -1]> : tensor<4xi8>
  func.return
}
