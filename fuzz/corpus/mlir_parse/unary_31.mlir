func.func @exponential_f32() {
  %operand = stablehlo.constant dense<[0.0, 1.0, -2.0, 3.5]> : tensor<4xf32>
  %result = stablehlo.exponential %operand : tensor<4xf32>
  check.expect_almost_eq_const %result, dense<[1.0, 2.718281828459045, 0.1353352832366127, 33.11545195869231]> : tensor<4xf32>
  func.return
}
