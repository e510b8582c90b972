func.func @minimum_i16() {
  %lhs = stablehlo.constant dense<[-3, 0, 5, -32768]> : tensor<4xi16>
  %rhs = stablehlo.constant dense<[2, -4, 5, 32767]> : tensor<4xi16>
  %result = stablehlo.minimum %lhs, %rhs : tensor<4xi16>
  check.expect_eq_const %result, dense<[-3, -4, 5, -32768]> : tensor<4xi16>
  func.return
}
