func.func @add_i8() {
  %lhs = stablehlo.constant dense<[-3, 0, 5, 100]> : tensor<4xi8>
  %rhs = stablehlo.constant dense<[2, -4, 3, 27]> : tensor<4xi8>
  %result = stablehlo.add %lhs, %rhs : tensor<4xi8>
  check.expect_eq_const %result, dense<[-1, -4, 8, 127]> : tensor<4xi8>
  func.return
}
