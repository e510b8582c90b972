func.func @xor_i16() {
  %lhs = stablehlo.constant dense<[-1, 12, 5, -8]> : tensor<4xi16>
  %rhs = stablehlo.constant dense<[7, 10, -1, -3]> : tensor<4xi16>
  %result = stablehlo.xor %lhs, %rhs : tensor<4xi16>
  check.expect_eq_const %result, dense<[-8, 6, -6, 5]> : tensor<4xi16>
  func.return
}
