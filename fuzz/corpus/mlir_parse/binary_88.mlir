func.func @and_i64() {
  %lhs = stablehlo.constant dense<[-1, 12, 5, -8]> : tensor<4xi64>
  %rhs = stablehlo.constant dense<[7, 10, -1, -3]> : tensor<4xi64>
  %result = stablehlo.and %lhs, %rhs : tensor<4xi64>
  check.expect_eq_const %result, dense<[7, 8, 5, -8]> : tensor<4xi64>
  func.return
}
