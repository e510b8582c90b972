func.func @rsqrt_f64() {
  %operand = stablehlo.constant dense<[1.0, 4.0, 2.0, 0.25]> : tensor<4xf64>
  %result = stablehlo.rsqrt %operand : tensor<4xf64>
  check.expect_almost_eq_const %result, dense<[1.0, 0.5, 0.7071067811865475, 2.0]> : tensor<4xf64>
  func.return
}
