func.func @and_i32() {
  %lhs = stablehlo.constant dense<[-1, 12, 5, -8]> : tensor<4xi32>
  %rhs = stablehlo.constant dense<[7, 10, -1, -3]> : tensor<4xi32>
  %result = stablehlo.and %lhs, %rhs : tensor<4xi32>
  check.expect_eq_const %result, dense<[7, 8, 5, -8]> : tensor<4xi32>
  func.return
}
