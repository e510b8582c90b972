// EXIT: 3
// cosine is StableHLO but outside hlotrain's op subset.
func.func @main() {
  %0 = stablehlo.constant dense<1.0> : tensor<f32>
  %1 = stablehlo.cosine %0 : tensor<f32>
  func.return
}
