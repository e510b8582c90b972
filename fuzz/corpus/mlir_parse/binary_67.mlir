func.func @minimum_i64() {
  %lhs = stablehlo.constant dense<[-3, 0, 5, -9223372036854775808]> : tensor<4xi64>
  %rhs = stablehlo.constant dense<[2, -4, 5, 9223372036854775807]> : tensor<4xi64>
  %result = stablehlo.minimum %lhs, %rhs : tensor<4xi64>
  check.expect_eq_const %result, dense<[-3, -4, 5, -9223372036854775808]> : tensor<4xi64>
  func.return
}
