func.func @sqrt_f64() {
  %operand = stablehlo.constant dense<[0.0, 4.0, 2.0, 0.25]> : tensor<4xf64>
  %result = stablehlo.sqrt %operand : tensor<4xf64>
  check.expect_almost_eq_const %result, dense<[0.0, 2.0, 1.4142135623730951, 0.5]> : tensor<4xf64>
  func.return
}
