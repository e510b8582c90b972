// EXIT: 2
// Three values for a tensor of four elements.
func.func @main() {
  %0 = stablehlo.constant dense<[1, 2, 3]> : tensor<4xi32>
  func.return
}
