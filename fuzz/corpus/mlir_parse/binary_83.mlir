func.func @power_f64() {
  %lhs = stablehlo.constant dense<[2.0, 4.0, 2.0, -3.0, 9.0]> : tensor<5xf64>
  %rhs = stablehlo.constant dense<[3.0, 0.5, -1.0, 2.0, 0.0]> : tensor<5xf64>
  %result = stablehlo.power %lhs, %rhs : tensor<5xf64>
  check.expect_almost_eq_const %result, dense<[8.0, 2.0, 0.5, 9.0, 1.0]> : tensor<5xf64>
  func.return
}
