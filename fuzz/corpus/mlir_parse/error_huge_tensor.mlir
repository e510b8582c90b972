// EXIT: 2
// A splat this large must be refused before anything is allocated.
func.func @main() {
  %0 = stablehlo.constant dense<0.0> : tensor<100000000000x100000000000xf32>
  func.return
}
