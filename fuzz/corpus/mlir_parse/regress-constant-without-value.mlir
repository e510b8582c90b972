func.func @main() -> tensor<f32> {
  %0 = "stablehlo.constant"() <{valce = dense<0.0> : tensor<f32>}> : () -> tensor<f32>
  func.return %0 : tensor<f32>
}
