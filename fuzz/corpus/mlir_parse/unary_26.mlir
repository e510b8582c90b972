func.func @not_i64() {
  %operand = stablehlo.constant dense<[-1, 0, 5, -9223372036854775808]> : tensor<4xi64>
  %result = stablehlo.not %operand : tensor<4xi64>
  check.expect_eq_const %result, dense<[0, -1, -6, 9223372036854775807]> : tensor<4xi64>
  func.return
}
