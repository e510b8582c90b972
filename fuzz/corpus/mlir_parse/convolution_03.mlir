func.func @convolution_i64() {
  %spec_lhs = stablehlo.constant dense<[[[[1], [2], [5], [6]], [[3], [4], [7], [8]], [[10], [11], [14], [15]], [[12], [13], [16], [17]]]]> : tensor<1x4x4x1xi64>
  %spec_rhs = stablehlo.constant dense<1> : tensor<3x3x1x1xi64>
  %spec = stablehlo.convolution(%spec_lhs, %spec_rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [4, 4], pad = [[0, 0], [0, 0]], lhs_dilate = [2, 2], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xi64>, tensor<3x3x1x1xi64>) -> tensor<1x2x2x1xi64>
  check.expect_eq_const %spec, dense<[[[[10], [26]], [[46], [62]]]]> : tensor<1x2x2x1xi64>
  %fwd_lhs = stablehlo.constant dense<[[[[1, -2, 0, 2], [-1, 1, -2, 0], [2, -1, 1, -2], [0, 2, -1, 1]], [[-2, 0, 2, -1], [1, -2, 0, 2], [-1, 1, -2, 0], [2, -1, 1, -2]]]]> : tensor<1x2x4x4xi64>
  %fwd_rhs = stablehlo.constant dense<[[[[1, -2, 0], [2, -1, 1], [-2, 0, 2]], [[-1, 1, -2], [0, 2, -1], [1, -2, 0]]], [[[2, -1, 1], [-2, 0, 2], [-1, 1, -2]], [[0, 2, -1], [1, -2, 0], [2, -1, 1]]]]> : tensor<2x2x3x3xi64>
  %fwd = stablehlo.convolution(%fwd_lhs, %fwd_rhs) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x2x4x4xi64>, tensor<2x2x3x3xi64>) -> tensor<1x2x2x2xi64>
  check.expect_eq_const %fwd, dense<[[[[-7, -1], [1, -11]], [[-6, -1], [-1, -5]]]]> : tensor<1x2x2x2xi64>
  %dil_lhs = stablehlo.constant dense<[[[[1, -2, 0, 2, -1], [1, -2, 0, 2, -1], [1, -2, 0, 2, -1], [1, -2, 0, 2, -1], [1, -2, 0, 2, -1]]], [[[1, -2, 0, 2, -1], [1, -2, 0, 2, -1], [1, -2, 0, 2, -1], [1, -2, 0, 2, -1], [1, -2, 0, 2, -1]]]]> : tensor<2x1x5x5xi64>
  %dil_rhs = stablehlo.constant dense<[[[[1, -2], [0, 2]]]]> : tensor<1x1x2x2xi64>
  %dil = stablehlo.convolution(%dil_lhs, %dil_rhs) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 1], [1, 0]], lhs_dilate = [1, 1], rhs_dilate = [2, 2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x1x5x5xi64>, tensor<1x1x2x2xi64>) -> tensor<2x1x4x4xi64>
  check.expect_eq_const %dil, dense<[[[[0, 1, -2, 0], [0, 1, -2, 0], [0, 1, -2, 0], [4, 1, -6, 2]]], [[[0, 1, -2, 0], [0, 1, -2, 0], [0, 1, -2, 0], [4, 1, -6, 2]]]]> : tensor<2x1x4x4xi64>
  %grp_lhs = stablehlo.constant dense<[[[[1, -2, 0], [2, -1, 1], [-2, 0, 2]], [[-1, 1, -2], [0, 2, -1], [1, -2, 0]], [[2, -1, 1], [-2, 0, 2], [-1, 1, -2]], [[0, 2, -1], [1, -2, 0], [2, -1, 1]]]]> : tensor<1x4x3x3xi64>
  %grp_rhs = stablehlo.constant dense<[[[[1, -2], [0, 2]], [[-1, 1], [-2, 0]]], [[[2, -1], [1, -2]], [[0, 2], [-1, 1]]]]> : tensor<2x2x2x2xi64>
  %grp = stablehlo.convolution(%grp_lhs, %grp_rhs) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x4x3x3xi64>, tensor<2x2x2x2xi64>) -> tensor<1x2x2x2xi64>
  check.expect_eq_const %grp, dense<[[[[5, -7], [4, 2]], [[4, -7], [-14, 5]]]]> : tensor<1x2x2x2xi64>
  %bgrp_lhs = stablehlo.constant dense<[[[[1, -2, 0], [2, -1, 1], [-2, 0, 2]]], [[[-1, 1, -2], [0, 2, -1], [1, -2, 0]]]]> : tensor<2x1x3x3xi64>
  %bgrp_rhs = stablehlo.constant dense<[[[[1, -2], [0, 2]]], [[[-1, 1], [-2, 0]]]]> : tensor<2x1x2x2xi64>
  %bgrp = stablehlo.convolution(%bgrp_lhs, %bgrp_rhs) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<2x1x3x3xi64>, tensor<2x1x2x2xi64>) -> tensor<1x2x2x2xi64>
  check.expect_eq_const %bgrp, dense<[[[[3, 0], [4, 1]], [[2, -7], [0, 1]]]]> : tensor<1x2x2x2xi64>
  func.return
}
