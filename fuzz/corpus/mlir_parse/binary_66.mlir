func.func @minimum_i32() {
  %lhs = stablehlo.constant dense<[-3, 0, 5, -2147483648]> : tensor<4xi32>
  %rhs = stablehlo.constant dense<[2, -4, 5, 2147483647]> : tensor<4xi32>
  %result = stablehlo.minimum %lhs, %rhs : tensor<4xi32>
  check.expect_eq_const %result, dense<[-3, -4, 5, -2147483648]> : tensor<4xi32>
  func.return
}
