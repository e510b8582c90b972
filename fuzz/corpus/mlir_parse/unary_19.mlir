func.func @sign_i64() {
  %operand = stablehlo.constant dense<[-3, 0, 5, -9223372036854775808]> : tensor<4xi64>
  %result = stablehlo.sign %operand : tensor<4xi64>
  check.expect_eq_const %result, dense<[-1, 0, 1, -1]> : tensor<4xi64>
  func.return
}
