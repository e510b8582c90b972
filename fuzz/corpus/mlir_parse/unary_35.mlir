func.func @log_plus_one_f32() {
  %operand = stablehlo.constant dense<[0.0, 1.0e-05, -0.5, 3.0]> : tensor<4xf32>
  %result = stablehlo.log_plus_one %operand : tensor<4xf32>
  check.expect_almost_eq_const %result, dense<[0.0, 9.999950000333332e-06, -0.6931471805599453, 1.3862943611198906]> : tensor<4xf32>
  func.return
}
