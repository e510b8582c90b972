func.func @add_i16() {
  %lhs = stablehlo.constant dense<[-3, 0, 5, 100]> : tensor<4xi16>
  %rhs = stablehlo.constant dense<[2, -4, 3, 27]> : tensor<4xi16>
  %result = stablehlo.add %lhs, %rhs : tensor<4xi16>
  check.expect_eq_const %result, dense<[-1, -4, 8, 127]> : tensor<4xi16>
  func.return
}
