func.func @minimum_i8() {
  %lhs = stablehlo.constant dense<[-3, 0, 5, -128]> : tensor<4xi8>
  %rhs = stablehlo.constant dense<[2, -4, 5, 127]> : tensor<4xi8>
  %result = stablehlo.minimum %lhs, %rhs : tensor<4xi8>
  check.expect_eq_const %result, dense<[-3, -4, 5, -128]> : tensor<4xi8>
  func.return
}
