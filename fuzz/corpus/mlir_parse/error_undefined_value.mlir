// EXIT: 2
func.func @main() {
  %0 = stablehlo.constant dense<1.0> : tensor<f32>
  %1 = stablehlo.add %0, %missing : tensor<f32>
  func.return
}
