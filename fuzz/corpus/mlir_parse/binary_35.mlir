func.func @divide_i64() {
  %lhs = stablehlo.constant dense<[17, -17, 17, -17, 0, 7]> : tensor<6xi64>
  %rhs = stablehlo.constant dense<[3, 3, -3, -3, 5, 7]> : tensor<6xi64>
  %result = stablehlo.divide %lhs, %rhs : tensor<6xi64>
  check.expect_eq_const %result, dense<[5, -5, -5, 5, 0, 1]> : tensor<6xi64>
  func.return
}
