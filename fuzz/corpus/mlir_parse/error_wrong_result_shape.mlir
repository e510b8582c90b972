// EXIT: 2
// transpose of 2x3 is 3x2, not 2x3.
func.func @main() {
  %0 = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %1 = stablehlo.transpose %0, dims = [1, 0] : (tensor<2x3xi32>) -> tensor<2x3xi32>
  func.return
}
