// EXIT: 3
// bf16 is a StableHLO element type that hlotrain does not implement.
func.func @main() {
  %0 = stablehlo.constant dense<1.0> : tensor<2xbf16>
  %1 = stablehlo.add %0, %0 : tensor<2xbf16>
  func.return
}
