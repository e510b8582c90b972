func.func @maximum_i32() {
  %lhs = stablehlo.constant dense<[-3, 0, 5, -2147483648]> : tensor<4xi32>
  %rhs = stablehlo.constant dense<[2, -4, 5, 2147483647]> : tensor<4xi32>
  %result = stablehlo.maximum %lhs, %rhs : tensor<4xi32>
  check.expect_eq_const %result, dense<[2, 0, 5, 2147483647]> : tensor<4xi32>
  func.return
}
