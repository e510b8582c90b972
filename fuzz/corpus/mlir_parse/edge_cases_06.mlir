func.func @convolution_reversal_and_negative_padding() {
  %x = stablehlo.constant dense<[[[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]]]> : tensor<1x1x6xf32>
  %w = stablehlo.constant dense<[[[1.0, 2.0, 3.0]]]> : tensor<1x1x3xf32>
  %r = "stablehlo.convolution"(%x, %w) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, f, 0]x[o, i, 0]->[b, f, 0]>, feature_group_count = 1 : i64, window_reversal = array<i1: true>}> : (tensor<1x1x6xf32>, tensor<1x1x3xf32>) -> tensor<1x1x4xf32>
  check.expect_eq_const %r, dense<[[[10.0, 16.0, 22.0, 28.0]]]> : tensor<1x1x4xf32>
  %n = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {stride = [2], pad = [[-1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x1x6xf32>, tensor<1x1x3xf32>) -> tensor<1x1x2xf32>
  check.expect_eq_const %n, dense<[[[20.0, 32.0]]]> : tensor<1x1x2xf32>
  func.return
}
