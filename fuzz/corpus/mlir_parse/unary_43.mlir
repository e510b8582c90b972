func.func @logistic_f32() {
  %operand = stablehlo.constant dense<[0.0, 1.0, -2.0, 20.0]> : tensor<4xf32>
  %result = stablehlo.logistic %operand : tensor<4xf32>
  check.expect_almost_eq_const %result, dense<[0.5, 0.7310585786300049, 0.11920292202211755, 0.9999999979388463]> : tensor<4xf32>
  func.return
}
