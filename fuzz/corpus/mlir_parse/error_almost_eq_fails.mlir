// EXIT: 1
func.func @main() {
  %0 = stablehlo.constant dense<1.0> : tensor<f32>
  check.expect_almost_eq_const %0, dense<1.01> : tensor<f32>
  func.return
}
