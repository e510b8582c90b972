// EXIT: 2
// Six bytes cannot hold two f32 values.
func.func @main() {
  %0 = stablehlo.constant dense<"0x0000803F0000"> : tensor<2xf32>
  func.return
}
