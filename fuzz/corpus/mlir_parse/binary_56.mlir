func.func @maximum_i64() {
  %lhs = stablehlo.constant dense<[-3, 0, 5, -9223372036854775808]> : tensor<4xi64>
  %rhs = stablehlo.constant dense<[2, -4, 5, 9223372036854775807]> : tensor<4xi64>
  %result = stablehlo.maximum %lhs, %rhs : tensor<4xi64>
  check.expect_eq_const %result, dense<[2, 0, 5, 9223372036854775807]> : tensor<4xi64>
  func.return
}
