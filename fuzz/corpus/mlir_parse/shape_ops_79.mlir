func.func @reverse_f32() {
  %x = stablehlo.constant dense<[[1.0, 1.0, 3.0], [2.0, 5.0, 3.0]]> : tensor<2x3xf32>
  %a = stablehlo.reverse %x, dims = [1] : tensor<2x3xf32>
  check.expect_eq_const %a, dense<[[3.0, 1.0, 1.0], [3.0, 5.0, 2.0]]> : tensor<2x3xf32>
  %b = stablehlo.reverse %x, dims = [0, 1] : tensor<2x3xf32>
  check.expect_eq_const %b, dense<[[3.0, 5.0, 2.0], [3.0, 1.0, 1.0]]> : tensor<2x3xf32>
  func.return
}
