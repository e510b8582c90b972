// EXIT: 2
// A stray token where an operand belongs.
func.func @main() {
  %0 = stablehlo.constant dense<1.0> : tensor<f32>
  %1 = stablehlo.add %0, ) : tensor<f32>
  func.return
}
