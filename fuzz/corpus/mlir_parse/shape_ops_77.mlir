func.func @concatenate_f32() {
  %a = stablehlo.constant dense<[[1.0, 1.0, 3.0]]> : tensor<1x3xf32>
  %b = stablehlo.constant dense<[[2.0, 5.0, 3.0], [7.0, 4.0, 9.0]]> : tensor<2x3xf32>
  %c = stablehlo.constant dense<1.0> : tensor<2x1xf32>
  %r0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<1x3xf32>, tensor<2x3xf32>) -> tensor<3x3xf32>
  check.expect_eq_const %r0, dense<[[1.0, 1.0, 3.0], [2.0, 5.0, 3.0], [7.0, 4.0, 9.0]]> : tensor<3x3xf32>
  %r1 = stablehlo.concatenate %b, %c, %b, dim = 1 : (tensor<2x3xf32>, tensor<2x1xf32>, tensor<2x3xf32>) -> tensor<2x7xf32>
  check.expect_eq_const %r1, dense<[[2.0, 5.0, 3.0, 1.0, 2.0, 5.0, 3.0], [7.0, 4.0, 9.0, 1.0, 7.0, 4.0, 9.0]]> : tensor<2x7xf32>
  func.return
}
