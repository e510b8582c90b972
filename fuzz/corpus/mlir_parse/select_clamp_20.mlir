func.func @clamp_f32() {
  %min = stablehlo.constant dense<-1.0> : tensor<f32>
  %operand = stablehlo.constant dense<[-1.5, 0.0, 2.25, 1000.0]> : tensor<4xf32>
  %max = stablehlo.constant dense<2.0> : tensor<f32>
  %result = stablehlo.clamp %min, %operand, %max : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  check.expect_eq_const %result, dense<[-1.0, 0.0, 2.0, 2.0]> : tensor<4xf32>
  func.return
}
