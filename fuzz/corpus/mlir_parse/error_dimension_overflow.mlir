// EXIT: 2
func.func @main() {
  %0 = stablehlo.iota dim = 0 : tensor<9223372036854775807x9223372036854775807xi32>
  func.return
}
