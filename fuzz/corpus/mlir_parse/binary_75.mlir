func.func @power_i16() {
  %lhs = stablehlo.constant dense<[-1, -1, -3, 1, -3, 0, 2]> : tensor<7xi16>
  %rhs = stablehlo.constant dense<[1, 0, -3, -3, 3, 2, 6]> : tensor<7xi16>
  %result = stablehlo.power %lhs, %rhs : tensor<7xi16>
  check.expect_eq_const %result, dense<[-1, 1, 0, 1, -27, 0, 64]> : tensor<7xi16>
  func.return
}
