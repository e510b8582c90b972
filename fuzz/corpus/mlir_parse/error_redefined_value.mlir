// EXIT: 2
func.func @main() {
  %0 = stablehlo.constant dense<1.0> : tensor<f32>
  %0 = stablehlo.constant dense<2.0> : tensor<f32>
  func.return
}
