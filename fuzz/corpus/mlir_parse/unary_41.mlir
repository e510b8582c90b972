func.func @tanh_f32() {
  %operand = stablehlo.constant dense<[0.0, 0.5, -1.0, 10.0]> : tensor<4xf32>
  %result = stablehlo.tanh %operand : tensor<4xf32>
  check.expect_almost_eq_const %result, dense<[0.0, 0.46211715726000974, -0.7615941559557649, 0.9999999958776927]> : tensor<4xf32>
  func.return
}
