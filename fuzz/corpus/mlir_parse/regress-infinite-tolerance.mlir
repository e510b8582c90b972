func.func @main() {
  %f = stablehlo.constant dense<0.0> : tensor<f64>
  check.expect_almost_eq_const %f, dense<5.05> : tensor<f64> {tolerance = 1.000000e401 : f64}
  func.return
}
