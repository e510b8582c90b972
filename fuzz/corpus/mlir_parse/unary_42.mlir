func.func @tanh_f64() {
  %operand = stablehlo.constant dense<[0.0, 0.5, -1.0, 10.0]> : tensor<4xf64>
  %result = stablehlo.tanh %operand : tensor<4xf64>
  check.expect_almost_eq_const %result, dense<[0.0, 0.46211715726000974, -0.7615941559557649, 0.9999999958776927]> : tensor<4xf64>
  func.return
}
