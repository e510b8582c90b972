func.func @sqrt_f32() {
  %operand = stablehlo.constant dense<[0.0, 4.0, 2.0, 0.25]> : tensor<4xf32>
  %result = stablehlo.sqrt %operand : tensor<4xf32>
  check.expect_almost_eq_const %result, dense<[0.0, 2.0, 1.4142135623730951, 0.5]> : tensor<4xf32>
  func.return
}
