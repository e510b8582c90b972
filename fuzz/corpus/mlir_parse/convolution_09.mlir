func.func @convolution_f64() {
  %spec_lhs = stablehlo.constant dense<[[[[1.0], [2.0], [5.0], [6.0]], [[3.0], [4.0], [7.0], [8.0]], [[10.0], [11.0], [14.0], [15.0]], [[12.0], [13.0], [16.0], [17.0]]]]> : tensor<1x4x4x1xf64>
  %spec_rhs = stablehlo.constant dense<1.0> : tensor<3x3x1x1xf64>
  %spec = stablehlo.convolution(%spec_lhs, %spec_rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [4, 4], pad = [[0, 0], [0, 0]], lhs_dilate = [2, 2], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf64>, tensor<3x3x1x1xf64>) -> tensor<1x2x2x1xf64>
  check.expect_eq_const %spec, dense<[[[[10.0], [26.0]], [[46.0], [62.0]]]]> : tensor<1x2x2x1xf64>
  %fwd_lhs = stablehlo.constant dense<[[[[1.0, -2.0, 0.0, 2.0], [-1.0, 1.0, -2.0, 0.0], [2.0, -1.0, 1.0, -2.0], [0.0, 2.0, -1.0, 1.0]], [[-2.0, 0.0, 2.0, -1.0], [1.0, -2.0, 0.0, 2.0], [-1.0, 1.0, -2.0, 0.0], [2.0, -1.0, 1.0, -2.0]]]]> : tensor<1x2x4x4xf64>
  %fwd_rhs = stablehlo.constant dense<[[[[1.0, -2.0, 0.0], [2.0, -1.0, 1.0], [-2.0, 0.0, 2.0]], [[-1.0, 1.0, -2.0], [0.0, 2.0, -1.0], [1.0, -2.0, 0.0]]], [[[2.0, -1.0, 1.0], [-2.0, 0.0, 2.0], [-1.0, 1.0, -2.0]], [[0.0, 2.0, -1.0], [1.0, -2.0, 0.0], [2.0, -1.0, 1.0]]]]> : tensor<2x2x3x3xf64>
  %fwd = stablehlo.convolution(%fwd_lhs, %fwd_rhs) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x2x4x4xf64>, tensor<2x2x3x3xf64>) -> tensor<1x2x2x2xf64>
  check.expect_eq_const %fwd, dense<[[[[-7.0, -1.0], [1.0, -11.0]], [[-6.0, -1.0], [-1.0, -5.0]]]]> : tensor<1x2x2x2xf64>
  %dil_lhs = stablehlo.constant dense<[[[[1.0, -2.0, 0.0, 2.0, -1.0], [1.0, -2.0, 0.0, 2.0, -1.0], [1.0, -2.0, 0.0, 2.0, -1.0], [1.0, -2.0, 0.0, 2.0, -1.0], [1.0, -2.0, 0.0, 2.0, -1.0]]], [[[1.0, -2.0, 0.0, 2.0, -1.0], [1.0, -2.0, 0.0, 2.0, -1.0], [1.0, -2.0, 0.0, 2.0, -1.0], [1.0, -2.0, 0.0, 2.0, -1.0], [1.0, -2.0, 0.0, 2.0, -1.0]]]]> : tensor<2x1x5x5xf64>
  %dil_rhs = stablehlo.constant dense<[[[[1.0, -2.0], [0.0, 2.0]]]]> : tensor<1x1x2x2xf64>
  %dil = stablehlo.convolution(%dil_lhs, %dil_rhs) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 1], [1, 0]], lhs_dilate = [1, 1], rhs_dilate = [2, 2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x1x5x5xf64>, tensor<1x1x2x2xf64>) -> tensor<2x1x4x4xf64>
  check.expect_eq_const %dil, dense<[[[[0.0, 1.0, -2.0, 0.0], [0.0, 1.0, -2.0, 0.0], [0.0, 1.0, -2.0, 0.0], [4.0, 1.0, -6.0, 2.0]]], [[[0.0, 1.0, -2.0, 0.0], [0.0, 1.0, -2.0, 0.0], [0.0, 1.0, -2.0, 0.0], [4.0, 1.0, -6.0, 2.0]]]]> : tensor<2x1x4x4xf64>
  %grp_lhs = stablehlo.constant dense<[[[[1.0, -2.0, 0.0], [2.0, -1.0, 1.0], [-2.0, 0.0, 2.0]], [[-1.0, 1.0, -2.0], [0.0, 2.0, -1.0], [1.0, -2.0, 0.0]], [[2.0, -1.0, 1.0], [-2.0, 0.0, 2.0], [-1.0, 1.0, -2.0]], [[0.0, 2.0, -1.0], [1.0, -2.0, 0.0], [2.0, -1.0, 1.0]]]]> : tensor<1x4x3x3xf64>
  %grp_rhs = stablehlo.constant dense<[[[[1.0, -2.0], [0.0, 2.0]], [[-1.0, 1.0], [-2.0, 0.0]]], [[[2.0, -1.0], [1.0, -2.0]], [[0.0, 2.0], [-1.0, 1.0]]]]> : tensor<2x2x2x2xf64>
  %grp = stablehlo.convolution(%grp_lhs, %grp_rhs) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x4x3x3xf64>, tensor<2x2x2x2xf64>) -> tensor<1x2x2x2xf64>
  check.expect_eq_const %grp, dense<[[[[5.0, -7.0], [4.0, 2.0]], [[4.0, -7.0], [-14.0, 5.0]]]]> : tensor<1x2x2x2xf64>
  %bgrp_lhs = stablehlo.constant dense<[[[[1.0, -2.0, 0.0], [2.0, -1.0, 1.0], [-2.0, 0.0, 2.0]]], [[[-1.0, 1.0, -2.0], [0.0, 2.0, -1.0], [1.0, -2.0, 0.0]]]]> : tensor<2x1x3x3xf64>
  %bgrp_rhs = stablehlo.constant dense<[[[[1.0, -2.0], [0.0, 2.0]]], [[[-1.0, 1.0], [-2.0, 0.0]]]]> : tensor<2x1x2x2xf64>
  %bgrp = stablehlo.convolution(%bgrp_lhs, %bgrp_rhs) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<2x1x3x3xf64>, tensor<2x1x2x2xf64>) -> tensor<1x2x2x2xf64>
  check.expect_eq_const %bgrp, dense<[[[[3.0, 0.0], [4.0, 1.0]], [[2.0, -7.0], [0.0, 1.0]]]]> : tensor<1x2x2x2xf64>
  func.return
}
