func.func @main() {
  %0 = stablehlo.constant dense<1.0> : tensor<f32>
  "check.expect_eq_const"(%0) : (tensor<f32>) -> ()
  func.return
}
