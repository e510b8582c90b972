// EXIT: 3
// f8E4M3FN is a StableHLO element type that hlotrain does not implement.
func.func @main() {
  %0 = stablehlo.constant dense<1.0> : tensor<2xf8E4M3FN>
  %1 = stablehlo.add %0, %0 : tensor<2xf8E4M3FN>
  func.return
}
