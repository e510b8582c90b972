func.func @reshape_f32() {
  %x = stablehlo.constant dense<[[1.0, 1.0, 3.0], [2.0, 5.0, 3.0]]> : tensor<2x3xf32>
  %a = stablehlo.reshape %x : (tensor<2x3xf32>) -> tensor<3x2xf32>
  check.expect_eq_const %a, dense<[[1.0, 1.0], [3.0, 2.0], [5.0, 3.0]]> : tensor<3x2xf32>
  %b = stablehlo.reshape %x : (tensor<2x3xf32>) -> tensor<1x6x1xf32>
  check.expect_eq_const %b, dense<[[[1.0], [1.0], [3.0], [2.0], [5.0], [3.0]]]> : tensor<1x6x1xf32>
  %c = stablehlo.reshape %b : (tensor<1x6x1xf32>) -> tensor<6xf32>
  check.expect_eq_const %c, dense<[1.0, 1.0, 3.0, 2.0, 5.0, 3.0]> : tensor<6xf32>
  func.return
}
