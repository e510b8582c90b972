func.func @multiply_i16() {
  %lhs = stablehlo.constant dense<[-3, 0, 5, 11]> : tensor<4xi16>
  %rhs = stablehlo.constant dense<[2, -4, -3, 11]> : tensor<4xi16>
  %result = stablehlo.multiply %lhs, %rhs : tensor<4xi16>
  check.expect_eq_const %result, dense<[-6, 0, -15, 121]> : tensor<4xi16>
  func.return
}
