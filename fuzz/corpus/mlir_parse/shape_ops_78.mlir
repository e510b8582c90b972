func.func @pad_f32() {
  %x = stablehlo.constant dense<[[1.0, 1.0, 3.0], [2.0, 5.0, 3.0]]> : tensor<2x3xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %fill = stablehlo.constant dense<-1.0> : tensor<f32>
  %a = stablehlo.pad %x, %zero, low = [0, 1], high = [2, 1], interior = [1, 2] : (tensor<2x3xf32>, tensor<f32>) -> tensor<5x9xf32>
  check.expect_eq_const %a, dense<[[0.0, 1.0, 0.0, 0.0, 1.0, 0.0, 0.0, 3.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 2.0, 0.0, 0.0, 5.0, 0.0, 0.0, 3.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]]> : tensor<5x9xf32>
  %b = stablehlo.pad %x, %fill, low = [-1, 1], high = [1, -2], interior = [0, 1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x4xf32>
  check.expect_eq_const %b, dense<[[-1.0, 2.0, -1.0, 5.0], [-1.0, -1.0, -1.0, -1.0]]> : tensor<2x4xf32>
  func.return
}
