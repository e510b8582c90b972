// EXIT: 2
func.func @main() {
  %0 = stablehlo.constant dense<1.0> : tensor<f32>
  %1 = func.call @nowhere(%0) : (tensor<f32>) -> tensor<f32>
  func.return
}
