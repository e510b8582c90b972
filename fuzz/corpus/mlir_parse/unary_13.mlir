func.func @abs_i64() {
  %operand = stablehlo.constant dense<[-3, 0, 5, -9223372036854775807]> : tensor<4xi64>
  %result = stablehlo.abs %operand : tensor<4xi64>
  check.expect_eq_const %result, dense<[3, 0, 5, 9223372036854775807]> : tensor<4xi64>
  func.return
}
