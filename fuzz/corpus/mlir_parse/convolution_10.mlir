func.func @convolution_generic_1d_f32() {
  %x = stablehlo.constant dense<[[[1.0, 2.0, 3.0, 4.0, 5.0]]]> : tensor<1x1x5xf32>
  %w = stablehlo.constant dense<[[[1.0, 0.5, -1.0]]]> : tensor<1x1x3xf32>
  %r = "stablehlo.convolution"(%x, %w) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, f, 0]x[o, i, 0]->[b, f, 0]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1>, padding = dense<1> : tensor<1x2xi64>, rhs_dilation = array<i64: 1>, window_strides = array<i64: 1>}> : (tensor<1x1x5xf32>, tensor<1x1x3xf32>) -> tensor<1x1x5xf32>
  check.expect_eq_const %r, dense<[[[-1.5, -1.0, -0.5, 0.0, 6.5]]]> : tensor<1x1x5xf32>
  func.return
}
