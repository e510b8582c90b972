func.func @pad_f64() {
  %x = stablehlo.constant dense<[[1.0, 1.0, 3.0], [2.0, 5.0, 3.0]]> : tensor<2x3xf64>
  %zero = stablehlo.constant dense<0.0> : tensor<f64>
  %fill = stablehlo.constant dense<-1.0> : tensor<f64>
  %a = stablehlo.pad %x, %zero, low = [0, 1], high = [2, 1], interior = [1, 2] : (tensor<2x3xf64>, tensor<f64>) -> tensor<5x9xf64>
  check.expect_eq_const %a, dense<[[0.0, 1.0, 0.0, 0.0, 1.0, 0.0, 0.0, 3.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 2.0, 0.0, 0.0, 5.0, 0.0, 0.0, 3.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]]> : tensor<5x9xf64>
  %b = stablehlo.pad %x, %fill, low = [-1, 1], high = [1, -2], interior = [0, 1] : (tensor<2x3xf64>, tensor<f64>) -> tensor<2x4xf64>
  check.expect_eq_const %b, dense<[[-1.0, 2.0, -1.0, 5.0], [-1.0, -1.0, -1.0, -1.0]]> : tensor<2x4xf64>
  func.return
}
