func.func @divide_i8() {
  %lhs = stablehlo.constant dense<[17, -17, 17, -17, 0, 7]> : tensor<6xi8>
  %rhs = stablehlo.constant dense<[3, 3, -3, -3, 5, 7]> : tensor<6xi8>
  %result = stablehlo.divide %lhs, %rhs : tensor<6xi8>
  check.expect_eq_const %result, dense<[5, -5, -5, 5, 0, 1]> : tensor<6xi8>
  func.return
}
