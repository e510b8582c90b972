func.func @remainder_i64() {
  %lhs = stablehlo.constant dense<[17, -17, 17, -17, 6]> : tensor<5xi64>
  %rhs = stablehlo.constant dense<[3, 3, -3, -3, 7]> : tensor<5xi64>
  %result = stablehlo.remainder %lhs, %rhs : tensor<5xi64>
  check.expect_eq_const %result, dense<[2, -2, 2, -2, 6]> : tensor<5xi64>
  func.return
}
