// stablehlo.convolution on every integer and float type: the spec example (lhs dilation,
// stride), NCHW forward with padding, rhs dilation with asymmetric padding, feature groups,
// batch groups, a 1-D generic-form convolution and a backward-data (lhs-dilated) form.

func.func @convolution_i8() {
  %spec_lhs = stablehlo.constant dense<[[[[1], [2], [5], [6]], [[3], [4], [7], [8]], [[10], [11], [14], [15]], [[12], [13], [16], [17]]]]> : tensor<1x4x4x1xi8>
  %spec_rhs = stablehlo.constant dense<1> : tensor<3x3x1x1xi8>
  %spec = stablehlo.convolution(%spec_lhs, %spec_rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [4, 4], pad = [[0, 0], [0, 0]], lhs_dilate = [2, 2], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xi8>, tensor<3x3x1x1xi8>) -> tensor<1x2x2x1xi8>
  check.expect_eq_const %spec, dense<[[[[10], [26]], [[46], [62]]]]> : tensor<1x2x2x1xi8>
  %fwd_lhs = stablehlo.constant dense<[[[[1, -2, 0, 2], [-1, 1, -2, 0], [2, -1, 1, -2], [0, 2, -1, 1]], [[-2, 0, 2, -1], [1, -2, 0, 2], [-1, 1, -2, 0], [2, -1, 1, -2]]]]> : tensor<1x2x4x4xi8>
  %fwd_rhs = stablehlo.constant dense<[[[[1, -2, 0], [2, -1, 1], [-2, 0, 2]], [[-1, 1, -2], [0, 2, -1], [1, -2, 0]]], [[[2, -1, 1], [-2, 0, 2], [-1, 1, -2]], [[0, 2, -1], [1, -2, 0], [2, -1, 1]]]]> : tensor<2x2x3x3xi8>
  %fwd = stablehlo.convolution(%fwd_lhs, %fwd_rhs) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x2x4x4xi8>, tensor<2x2x3x3xi8>) -> tensor<1x2x2x2xi8>
  check.expect_eq_const %fwd, dense<[[[[-7, -1], [1, -11]], [[-6, -1], [-1, -5]]]]> : tensor<1x2x2x2xi8>
  %dil_lhs = stablehlo.constant dense<[[[[1, -2, 0, 2, -1], [1, -2, 0, 2, -1], [1, -2, 0, 2, -1], [1, -2, 0, 2, -1], [1, -2, 0, 2, -1]]], [[[1, -2, 0, 2, -1], [1, -2, 0, 2, -1], [1, -2, 0, 2, -1], [1, -2, 0, 2, -1], [1, -2, 0, 2, -1]]]]> : tensor<2x1x5x5xi8>
  %dil_rhs = stablehlo.constant dense<[[[[1, -2], [0, 2]]]]> : tensor<1x1x2x2xi8>
  %dil = stablehlo.convolution(%dil_lhs, %dil_rhs) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 1], [1, 0]], lhs_dilate = [1, 1], rhs_dilate = [2, 2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x1x5x5xi8>, tensor<1x1x2x2xi8>) -> tensor<2x1x4x4xi8>
  check.expect_eq_const %dil, dense<[[[[0, 1, -2, 0], [0, 1, -2, 0], [0, 1, -2, 0], [4, 1, -6, 2]]], [[[0, 1, -2, 0], [0, 1, -2, 0], [0, 1, -2, 0], [4, 1, -6, 2]]]]> : tensor<2x1x4x4xi8>
  %grp_lhs = stablehlo.constant dense<[[[[1, -2, 0], [2, -1, 1], [-2, 0, 2]], [[-1, 1, -2], [0, 2, -1], [1, -2, 0]], [[2, -1, 1], [-2, 0, 2], [-1, 1, -2]], [[0, 2, -1], [1, -2, 0], [2, -1, 1]]]]> : tensor<1x4x3x3xi8>
  %grp_rhs = stablehlo.constant dense<[[[[1, -2], [0, 2]], [[-1, 1], [-2, 0]]], [[[2, -1], [1, -2]], [[0, 2], [-1, 1]]]]> : tensor<2x2x2x2xi8>
  %grp = stablehlo.convolution(%grp_lhs, %grp_rhs) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x4x3x3xi8>, tensor<2x2x2x2xi8>) -> tensor<1x2x2x2xi8>
  check.expect_eq_const %grp, dense<[[[[5, -7], [4, 2]], [[4, -7], [-14, 5]]]]> : tensor<1x2x2x2xi8>
  %bgrp_lhs = stablehlo.constant dense<[[[[1, -2, 0], [2, -1, 1], [-2, 0, 2]]], [[[-1, 1, -2], [0, 2, -1], [1, -2, 0]]]]> : tensor<2x1x3x3xi8>
  %bgrp_rhs = stablehlo.constant dense<[[[[1, -2], [0, 2]]], [[[-1, 1], [-2, 0]]]]> : tensor<2x1x2x2xi8>
  %bgrp = stablehlo.convolution(%bgrp_lhs, %bgrp_rhs) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<2x1x3x3xi8>, tensor<2x1x2x2xi8>) -> tensor<1x2x2x2xi8>
  check.expect_eq_const %bgrp, dense<[[[[3, 0], [4, 1]], [[2, -7], [0, 1]]]]> : tensor<1x2x2x2xi8>
  func.return
}

// -----

func.func @convolution_i16() {
  %spec_lhs = stablehlo.constant dense<[[[[1], [2], [5], [6]], [[3], [4], [7], [8]], [[10], [11], [14], [15]], [[12], [13], [16], [17]]]]> : tensor<1x4x4x1xi16>
  %spec_rhs = stablehlo.constant dense<1> : tensor<3x3x1x1xi16>
  %spec = stablehlo.convolution(%spec_lhs, %spec_rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [4, 4], pad = [[0, 0], [0, 0]], lhs_dilate = [2, 2], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xi16>, tensor<3x3x1x1xi16>) -> tensor<1x2x2x1xi16>
  check.expect_eq_const %spec, dense<[[[[10], [26]], [[46], [62]]]]> : tensor<1x2x2x1xi16>
  %fwd_lhs = stablehlo.constant dense<[[[[1, -2, 0, 2], [-1, 1, -2, 0], [2, -1, 1, -2], [0, 2, -1, 1]], [[-2, 0, 2, -1], [1, -2, 0, 2], [-1, 1, -2, 0], [2, -1, 1, -2]]]]> : tensor<1x2x4x4xi16>
  %fwd_rhs = stablehlo.constant dense<[[[[1, -2, 0], [2, -1, 1], [-2, 0, 2]], [[-1, 1, -2], [0, 2, -1], [1, -2, 0]]], [[[2, -1, 1], [-2, 0, 2], [-1, 1, -2]], [[0, 2, -1], [1, -2, 0], [2, -1, 1]]]]> : tensor<2x2x3x3xi16>
  %fwd = stablehlo.convolution(%fwd_lhs, %fwd_rhs) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x2x4x4xi16>, tensor<2x2x3x3xi16>) -> tensor<1x2x2x2xi16>
  check.expect_eq_const %fwd, dense<[[[[-7, -1], [1, -11]], [[-6, -1], [-1, -5]]]]> : tensor<1x2x2x2xi16>
  %dil_lhs = stablehlo.constant dense<[[[[1, -2, 0, 2, -1], [1, -2, 0, 2, -1], [1, -2, 0, 2, -1], [1, -2, 0, 2, -1], [1, -2, 0, 2, -1]]], [[[1, -2, 0, 2, -1], [1, -2, 0, 2, -1], [1, -2, 0, 2, -1], [1, -2, 0, 2, -1], [1, -2, 0, 2, -1]]]]> : tensor<2x1x5x5xi16>
  %dil_rhs = stablehlo.constant dense<[[[[1, -2], [0, 2]]]]> : tensor<1x1x2x2xi16>
  %dil = stablehlo.convolution(%dil_lhs, %dil_rhs) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 1], [1, 0]], lhs_dilate = [1, 1], rhs_dilate = [2, 2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x1x5x5xi16>, tensor<1x1x2x2xi16>) -> tensor<2x1x4x4xi16>
  check.expect_eq_const %dil, dense<[[[[0, 1, -2, 0], [0, 1, -2, 0], [0, 1, -2, 0], [4, 1, -6, 2]]], [[[0, 1, -2, 0], [0, 1, -2, 0], [0, 1, -2, 0], [4, 1, -6, 2]]]]> : tensor<2x1x4x4xi16>
  %grp_lhs = stablehlo.constant dense<[[[[1, -2, 0], [2, -1, 1], [-2, 0, 2]], [[-1, 1, -2], [0, 2, -1], [1, -2, 0]], [[2, -1, 1], [-2, 0, 2], [-1, 1, -2]], [[0, 2, -1], [1, -2, 0], [2, -1, 1]]]]> : tensor<1x4x3x3xi16>
  %grp_rhs = stablehlo.constant dense<[[[[1, -2], [0, 2]], [[-1, 1], [-2, 0]]], [[[2, -1], [1, -2]], [[0, 2], [-1, 1]]]]> : tensor<2x2x2x2xi16>
  %grp = stablehlo.convolution(%grp_lhs, %grp_rhs) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x4x3x3xi16>, tensor<2x2x2x2xi16>) -> tensor<1x2x2x2xi16>
  check.expect_eq_const %grp, dense<[[[[5, -7], [4, 2]], [[4, -7], [-14, 5]]]]> : tensor<1x2x2x2xi16>
  %bgrp_lhs = stablehlo.constant dense<[[[[1, -2, 0], [2, -1, 1], [-2, 0, 2]]], [[[-1, 1, -2], [0, 2, -1], [1, -2, 0]]]]> : tensor<2x1x3x3xi16>
  %bgrp_rhs = stablehlo.constant dense<[[[[1, -2], [0, 2]]], [[[-1, 1], [-2, 0]]]]> : tensor<2x1x2x2xi16>
  %bgrp = stablehlo.convolution(%bgrp_lhs, %bgrp_rhs) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<2x1x3x3xi16>, tensor<2x1x2x2xi16>) -> tensor<1x2x2x2xi16>
  check.expect_eq_const %bgrp, dense<[[[[3, 0], [4, 1]], [[2, -7], [0, 1]]]]> : tensor<1x2x2x2xi16>
  func.return
}

// -----

func.func @convolution_i32() {
  %spec_lhs = stablehlo.constant dense<[[[[1], [2], [5], [6]], [[3], [4], [7], [8]], [[10], [11], [14], [15]], [[12], [13], [16], [17]]]]> : tensor<1x4x4x1xi32>
  %spec_rhs = stablehlo.constant dense<1> : tensor<3x3x1x1xi32>
  %spec = stablehlo.convolution(%spec_lhs, %spec_rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [4, 4], pad = [[0, 0], [0, 0]], lhs_dilate = [2, 2], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xi32>, tensor<3x3x1x1xi32>) -> tensor<1x2x2x1xi32>
  check.expect_eq_const %spec, dense<[[[[10], [26]], [[46], [62]]]]> : tensor<1x2x2x1xi32>
  %fwd_lhs = stablehlo.constant dense<[[[[1, -2, 0, 2], [-1, 1, -2, 0], [2, -1, 1, -2], [0, 2, -1, 1]], [[-2, 0, 2, -1], [1, -2, 0, 2], [-1, 1, -2, 0], [2, -1, 1, -2]]]]> : tensor<1x2x4x4xi32>
  %fwd_rhs = stablehlo.constant dense<[[[[1, -2, 0], [2, -1, 1], [-2, 0, 2]], [[-1, 1, -2], [0, 2, -1], [1, -2, 0]]], [[[2, -1, 1], [-2, 0, 2], [-1, 1, -2]], [[0, 2, -1], [1, -2, 0], [2, -1, 1]]]]> : tensor<2x2x3x3xi32>
  %fwd = stablehlo.convolution(%fwd_lhs, %fwd_rhs) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x2x4x4xi32>, tensor<2x2x3x3xi32>) -> tensor<1x2x2x2xi32>
  check.expect_eq_const %fwd, dense<[[[[-7, -1], [1, -11]], [[-6, -1], [-1, -5]]]]> : tensor<1x2x2x2xi32>
  %dil_lhs = stablehlo.constant dense<[[[[1, -2, 0, 2, -1], [1, -2, 0, 2, -1], [1, -2, 0, 2, -1], [1, -2, 0, 2, -1], [1, -2, 0, 2, -1]]], [[[1, -2, 0, 2, -1], [1, -2, 0, 2, -1], [1, -2, 0, 2, -1], [1, -2, 0, 2, -1], [1, -2, 0, 2, -1]]]]> : tensor<2x1x5x5xi32>
  %dil_rhs = stablehlo.constant dense<[[[[1, -2], [0, 2]]]]> : tensor<1x1x2x2xi32>
  %dil = stablehlo.convolution(%dil_lhs, %dil_rhs) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 1], [1, 0]], lhs_dilate = [1, 1], rhs_dilate = [2, 2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x1x5x5xi32>, tensor<1x1x2x2xi32>) -> tensor<2x1x4x4xi32>
  check.expect_eq_const %dil, dense<[[[[0, 1, -2, 0], [0, 1, -2, 0], [0, 1, -2, 0], [4, 1, -6, 2]]], [[[0, 1, -2, 0], [0, 1, -2, 0], [0, 1, -2, 0], [4, 1, -6, 2]]]]> : tensor<2x1x4x4xi32>
  %grp_lhs = stablehlo.constant dense<[[[[1, -2, 0], [2, -1, 1], [-2, 0, 2]], [[-1, 1, -2], [0, 2, -1], [1, -2, 0]], [[2, -1, 1], [-2, 0, 2], [-1, 1, -2]], [[0, 2, -1], [1, -2, 0], [2, -1, 1]]]]> : tensor<1x4x3x3xi32>
  %grp_rhs = stablehlo.constant dense<[[[[1, -2], [0, 2]], [[-1, 1], [-2, 0]]], [[[2, -1], [1, -2]], [[0, 2], [-1, 1]]]]> : tensor<2x2x2x2xi32>
  %grp = stablehlo.convolution(%grp_lhs, %grp_rhs) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x4x3x3xi32>, tensor<2x2x2x2xi32>) -> tensor<1x2x2x2xi32>
  check.expect_eq_const %grp, dense<[[[[5, -7], [4, 2]], [[4, -7], [-14, 5]]]]> : tensor<1x2x2x2xi32>
  %bgrp_lhs = stablehlo.constant dense<[[[[1, -2, 0], [2, -1, 1], [-2, 0, 2]]], [[[-1, 1, -2], [0, 2, -1], [1, -2, 0]]]]> : tensor<2x1x3x3xi32>
  %bgrp_rhs = stablehlo.constant dense<[[[[1, -2], [0, 2]]], [[[-1, 1], [-2, 0]]]]> : tensor<2x1x2x2xi32>
  %bgrp = stablehlo.convolution(%bgrp_lhs, %bgrp_rhs) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<2x1x3x3xi32>, tensor<2x1x2x2xi32>) -> tensor<1x2x2x2xi32>
  check.expect_eq_const %bgrp, dense<[[[[3, 0], [4, 1]], [[2, -7], [0, 1]]]]> : tensor<1x2x2x2xi32>
  func.return
}

// -----

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

// -----

func.func @convolution_ui8() {
  %spec_lhs = stablehlo.constant dense<[[[[1], [2], [5], [6]], [[3], [4], [7], [8]], [[10], [11], [14], [15]], [[12], [13], [16], [17]]]]> : tensor<1x4x4x1xui8>
  %spec_rhs = stablehlo.constant dense<1> : tensor<3x3x1x1xui8>
  %spec = stablehlo.convolution(%spec_lhs, %spec_rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [4, 4], pad = [[0, 0], [0, 0]], lhs_dilate = [2, 2], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xui8>, tensor<3x3x1x1xui8>) -> tensor<1x2x2x1xui8>
  check.expect_eq_const %spec, dense<[[[[10], [26]], [[46], [62]]]]> : tensor<1x2x2x1xui8>
  %fwd_lhs = stablehlo.constant dense<[[[[0, 0, 2, 1], [1, 0, 0, 2], [1, 1, 0, 0], [2, 1, 1, 0]], [[0, 2, 1, 1], [0, 0, 2, 1], [1, 0, 0, 2], [1, 1, 0, 0]]]]> : tensor<1x2x4x4xui8>
  %fwd_rhs = stablehlo.constant dense<[[[[0, 0, 2], [1, 1, 0], [0, 2, 1]], [[1, 0, 0], [2, 1, 1], [0, 0, 2]]], [[[1, 1, 0], [0, 2, 1], [1, 0, 0]], [[2, 1, 1], [0, 0, 2], [1, 1, 0]]]]> : tensor<2x2x3x3xui8>
  %fwd = stablehlo.convolution(%fwd_lhs, %fwd_rhs) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x2x4x4xui8>, tensor<2x2x3x3xui8>) -> tensor<1x2x2x2xui8>
  check.expect_eq_const %fwd, dense<[[[[4, 12], [9, 9]], [[4, 9], [5, 9]]]]> : tensor<1x2x2x2xui8>
  %dil_lhs = stablehlo.constant dense<[[[[0, 0, 2, 1, 1], [0, 0, 2, 1, 1], [0, 0, 2, 1, 1], [0, 0, 2, 1, 1], [0, 0, 2, 1, 1]]], [[[0, 0, 2, 1, 1], [0, 0, 2, 1, 1], [0, 0, 2, 1, 1], [0, 0, 2, 1, 1], [0, 0, 2, 1, 1]]]]> : tensor<2x1x5x5xui8>
  %dil_rhs = stablehlo.constant dense<[[[[0, 0], [2, 1]]]]> : tensor<1x1x2x2xui8>
  %dil = stablehlo.convolution(%dil_lhs, %dil_rhs) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 1], [1, 0]], lhs_dilate = [1, 1], rhs_dilate = [2, 2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x1x5x5xui8>, tensor<1x1x2x2xui8>) -> tensor<2x1x4x4xui8>
  check.expect_eq_const %dil, dense<[[[[0, 2, 1, 5], [0, 2, 1, 5], [0, 2, 1, 5], [0, 0, 0, 0]]], [[[0, 2, 1, 5], [0, 2, 1, 5], [0, 2, 1, 5], [0, 0, 0, 0]]]]> : tensor<2x1x4x4xui8>
  %grp_lhs = stablehlo.constant dense<[[[[0, 0, 2], [1, 1, 0], [0, 2, 1]], [[1, 0, 0], [2, 1, 1], [0, 0, 2]], [[1, 1, 0], [0, 2, 1], [1, 0, 0]], [[2, 1, 1], [0, 0, 2], [1, 1, 0]]]]> : tensor<1x4x3x3xui8>
  %grp_rhs = stablehlo.constant dense<[[[[0, 0], [2, 1]], [[1, 0], [0, 2]]], [[[1, 1], [0, 0]], [[2, 1], [1, 0]]]]> : tensor<2x2x2x2xui8>
  %grp = stablehlo.convolution(%grp_lhs, %grp_rhs) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x4x3x3xui8>, tensor<2x2x2x2xui8>) -> tensor<1x2x2x2xui8>
  check.expect_eq_const %grp, dense<[[[[6, 4], [4, 10]], [[7, 4], [3, 6]]]]> : tensor<1x2x2x2xui8>
  %bgrp_lhs = stablehlo.constant dense<[[[[0, 0, 2], [1, 1, 0], [0, 2, 1]]], [[[1, 0, 0], [2, 1, 1], [0, 0, 2]]]]> : tensor<2x1x3x3xui8>
  %bgrp_rhs = stablehlo.constant dense<[[[[0, 0], [2, 1]]], [[[1, 0], [0, 2]]]]> : tensor<2x1x2x2xui8>
  %bgrp = stablehlo.convolution(%bgrp_lhs, %bgrp_rhs) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<2x1x3x3xui8>, tensor<2x1x2x2xui8>) -> tensor<1x2x2x2xui8>
  check.expect_eq_const %bgrp, dense<[[[[3, 2], [2, 5]], [[3, 2], [2, 5]]]]> : tensor<1x2x2x2xui8>
  func.return
}

// -----

func.func @convolution_ui16() {
  %spec_lhs = stablehlo.constant dense<[[[[1], [2], [5], [6]], [[3], [4], [7], [8]], [[10], [11], [14], [15]], [[12], [13], [16], [17]]]]> : tensor<1x4x4x1xui16>
  %spec_rhs = stablehlo.constant dense<1> : tensor<3x3x1x1xui16>
  %spec = stablehlo.convolution(%spec_lhs, %spec_rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [4, 4], pad = [[0, 0], [0, 0]], lhs_dilate = [2, 2], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xui16>, tensor<3x3x1x1xui16>) -> tensor<1x2x2x1xui16>
  check.expect_eq_const %spec, dense<[[[[10], [26]], [[46], [62]]]]> : tensor<1x2x2x1xui16>
  %fwd_lhs = stablehlo.constant dense<[[[[0, 0, 2, 1], [1, 0, 0, 2], [1, 1, 0, 0], [2, 1, 1, 0]], [[0, 2, 1, 1], [0, 0, 2, 1], [1, 0, 0, 2], [1, 1, 0, 0]]]]> : tensor<1x2x4x4xui16>
  %fwd_rhs = stablehlo.constant dense<[[[[0, 0, 2], [1, 1, 0], [0, 2, 1]], [[1, 0, 0], [2, 1, 1], [0, 0, 2]]], [[[1, 1, 0], [0, 2, 1], [1, 0, 0]], [[2, 1, 1], [0, 0, 2], [1, 1, 0]]]]> : tensor<2x2x3x3xui16>
  %fwd = stablehlo.convolution(%fwd_lhs, %fwd_rhs) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x2x4x4xui16>, tensor<2x2x3x3xui16>) -> tensor<1x2x2x2xui16>
  check.expect_eq_const %fwd, dense<[[[[4, 12], [9, 9]], [[4, 9], [5, 9]]]]> : tensor<1x2x2x2xui16>
  %dil_lhs = stablehlo.constant dense<[[[[0, 0, 2, 1, 1], [0, 0, 2, 1, 1], [0, 0, 2, 1, 1], [0, 0, 2, 1, 1], [0, 0, 2, 1, 1]]], [[[0, 0, 2, 1, 1], [0, 0, 2, 1, 1], [0, 0, 2, 1, 1], [0, 0, 2, 1, 1], [0, 0, 2, 1, 1]]]]> : tensor<2x1x5x5xui16>
  %dil_rhs = stablehlo.constant dense<[[[[0, 0], [2, 1]]]]> : tensor<1x1x2x2xui16>
  %dil = stablehlo.convolution(%dil_lhs, %dil_rhs) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 1], [1, 0]], lhs_dilate = [1, 1], rhs_dilate = [2, 2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x1x5x5xui16>, tensor<1x1x2x2xui16>) -> tensor<2x1x4x4xui16>
  check.expect_eq_const %dil, dense<[[[[0, 2, 1, 5], [0, 2, 1, 5], [0, 2, 1, 5], [0, 0, 0, 0]]], [[[0, 2, 1, 5], [0, 2, 1, 5], [0, 2, 1, 5], [0, 0, 0, 0]]]]> : tensor<2x1x4x4xui16>
  %grp_lhs = stablehlo.constant dense<[[[[0, 0, 2], [1, 1, 0], [0, 2, 1]], [[1, 0, 0], [2, 1, 1], [0, 0, 2]], [[1, 1, 0], [0, 2, 1], [1, 0, 0]], [[2, 1, 1], [0, 0, 2], [1, 1, 0]]]]> : tensor<1x4x3x3xui16>
  %grp_rhs = stablehlo.constant dense<[[[[0, 0], [2, 1]], [[1, 0], [0, 2]]], [[[1, 1], [0, 0]], [[2, 1], [1, 0]]]]> : tensor<2x2x2x2xui16>
  %grp = stablehlo.convolution(%grp_lhs, %grp_rhs) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x4x3x3xui16>, tensor<2x2x2x2xui16>) -> tensor<1x2x2x2xui16>
  check.expect_eq_const %grp, dense<[[[[6, 4], [4, 10]], [[7, 4], [3, 6]]]]> : tensor<1x2x2x2xui16>
  %bgrp_lhs = stablehlo.constant dense<[[[[0, 0, 2], [1, 1, 0], [0, 2, 1]]], [[[1, 0, 0], [2, 1, 1], [0, 0, 2]]]]> : tensor<2x1x3x3xui16>
  %bgrp_rhs = stablehlo.constant dense<[[[[0, 0], [2, 1]]], [[[1, 0], [0, 2]]]]> : tensor<2x1x2x2xui16>
  %bgrp = stablehlo.convolution(%bgrp_lhs, %bgrp_rhs) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<2x1x3x3xui16>, tensor<2x1x2x2xui16>) -> tensor<1x2x2x2xui16>
  check.expect_eq_const %bgrp, dense<[[[[3, 2], [2, 5]], [[3, 2], [2, 5]]]]> : tensor<1x2x2x2xui16>
  func.return
}

// -----

func.func @convolution_ui32() {
  %spec_lhs = stablehlo.constant dense<[[[[1], [2], [5], [6]], [[3], [4], [7], [8]], [[10], [11], [14], [15]], [[12], [13], [16], [17]]]]> : tensor<1x4x4x1xui32>
  %spec_rhs = stablehlo.constant dense<1> : tensor<3x3x1x1xui32>
  %spec = stablehlo.convolution(%spec_lhs, %spec_rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [4, 4], pad = [[0, 0], [0, 0]], lhs_dilate = [2, 2], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xui32>, tensor<3x3x1x1xui32>) -> tensor<1x2x2x1xui32>
  check.expect_eq_const %spec, dense<[[[[10], [26]], [[46], [62]]]]> : tensor<1x2x2x1xui32>
  %fwd_lhs = stablehlo.constant dense<[[[[0, 0, 2, 1], [1, 0, 0, 2], [1, 1, 0, 0], [2, 1, 1, 0]], [[0, 2, 1, 1], [0, 0, 2, 1], [1, 0, 0, 2], [1, 1, 0, 0]]]]> : tensor<1x2x4x4xui32>
  %fwd_rhs = stablehlo.constant dense<[[[[0, 0, 2], [1, 1, 0], [0, 2, 1]], [[1, 0, 0], [2, 1, 1], [0, 0, 2]]], [[[1, 1, 0], [0, 2, 1], [1, 0, 0]], [[2, 1, 1], [0, 0, 2], [1, 1, 0]]]]> : tensor<2x2x3x3xui32>
  %fwd = stablehlo.convolution(%fwd_lhs, %fwd_rhs) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x2x4x4xui32>, tensor<2x2x3x3xui32>) -> tensor<1x2x2x2xui32>
  check.expect_eq_const %fwd, dense<[[[[4, 12], [9, 9]], [[4, 9], [5, 9]]]]> : tensor<1x2x2x2xui32>
  %dil_lhs = stablehlo.constant dense<[[[[0, 0, 2, 1, 1], [0, 0, 2, 1, 1], [0, 0, 2, 1, 1], [0, 0, 2, 1, 1], [0, 0, 2, 1, 1]]], [[[0, 0, 2, 1, 1], [0, 0, 2, 1, 1], [0, 0, 2, 1, 1], [0, 0, 2, 1, 1], [0, 0, 2, 1, 1]]]]> : tensor<2x1x5x5xui32>
  %dil_rhs = stablehlo.constant dense<[[[[0, 0], [2, 1]]]]> : tensor<1x1x2x2xui32>
  %dil = stablehlo.convolution(%dil_lhs, %dil_rhs) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 1], [1, 0]], lhs_dilate = [1, 1], rhs_dilate = [2, 2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x1x5x5xui32>, tensor<1x1x2x2xui32>) -> tensor<2x1x4x4xui32>
  check.expect_eq_const %dil, dense<[[[[0, 2, 1, 5], [0, 2, 1, 5], [0, 2, 1, 5], [0, 0, 0, 0]]], [[[0, 2, 1, 5], [0, 2, 1, 5], [0, 2, 1, 5], [0, 0, 0, 0]]]]> : tensor<2x1x4x4xui32>
  %grp_lhs = stablehlo.constant dense<[[[[0, 0, 2], [1, 1, 0], [0, 2, 1]], [[1, 0, 0], [2, 1, 1], [0, 0, 2]], [[1, 1, 0], [0, 2, 1], [1, 0, 0]], [[2, 1, 1], [0, 0, 2], [1, 1, 0]]]]> : tensor<1x4x3x3xui32>
  %grp_rhs = stablehlo.constant dense<[[[[0, 0], [2, 1]], [[1, 0], [0, 2]]], [[[1, 1], [0, 0]], [[2, 1], [1, 0]]]]> : tensor<2x2x2x2xui32>
  %grp = stablehlo.convolution(%grp_lhs, %grp_rhs) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x4x3x3xui32>, tensor<2x2x2x2xui32>) -> tensor<1x2x2x2xui32>
  check.expect_eq_const %grp, dense<[[[[6, 4], [4, 10]], [[7, 4], [3, 6]]]]> : tensor<1x2x2x2xui32>
  %bgrp_lhs = stablehlo.constant dense<[[[[0, 0, 2], [1, 1, 0], [0, 2, 1]]], [[[1, 0, 0], [2, 1, 1], [0, 0, 2]]]]> : tensor<2x1x3x3xui32>
  %bgrp_rhs = stablehlo.constant dense<[[[[0, 0], [2, 1]]], [[[1, 0], [0, 2]]]]> : tensor<2x1x2x2xui32>
  %bgrp = stablehlo.convolution(%bgrp_lhs, %bgrp_rhs) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<2x1x3x3xui32>, tensor<2x1x2x2xui32>) -> tensor<1x2x2x2xui32>
  check.expect_eq_const %bgrp, dense<[[[[3, 2], [2, 5]], [[3, 2], [2, 5]]]]> : tensor<1x2x2x2xui32>
  func.return
}

// -----

func.func @convolution_ui64() {
  %spec_lhs = stablehlo.constant dense<[[[[1], [2], [5], [6]], [[3], [4], [7], [8]], [[10], [11], [14], [15]], [[12], [13], [16], [17]]]]> : tensor<1x4x4x1xui64>
  %spec_rhs = stablehlo.constant dense<1> : tensor<3x3x1x1xui64>
  %spec = stablehlo.convolution(%spec_lhs, %spec_rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [4, 4], pad = [[0, 0], [0, 0]], lhs_dilate = [2, 2], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xui64>, tensor<3x3x1x1xui64>) -> tensor<1x2x2x1xui64>
  check.expect_eq_const %spec, dense<[[[[10], [26]], [[46], [62]]]]> : tensor<1x2x2x1xui64>
  %fwd_lhs = stablehlo.constant dense<[[[[0, 0, 2, 1], [1, 0, 0, 2], [1, 1, 0, 0], [2, 1, 1, 0]], [[0, 2, 1, 1], [0, 0, 2, 1], [1, 0, 0, 2], [1, 1, 0, 0]]]]> : tensor<1x2x4x4xui64>
  %fwd_rhs = stablehlo.constant dense<[[[[0, 0, 2], [1, 1, 0], [0, 2, 1]], [[1, 0, 0], [2, 1, 1], [0, 0, 2]]], [[[1, 1, 0], [0, 2, 1], [1, 0, 0]], [[2, 1, 1], [0, 0, 2], [1, 1, 0]]]]> : tensor<2x2x3x3xui64>
  %fwd = stablehlo.convolution(%fwd_lhs, %fwd_rhs) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x2x4x4xui64>, tensor<2x2x3x3xui64>) -> tensor<1x2x2x2xui64>
  check.expect_eq_const %fwd, dense<[[[[4, 12], [9, 9]], [[4, 9], [5, 9]]]]> : tensor<1x2x2x2xui64>
  %dil_lhs = stablehlo.constant dense<[[[[0, 0, 2, 1, 1], [0, 0, 2, 1, 1], [0, 0, 2, 1, 1], [0, 0, 2, 1, 1], [0, 0, 2, 1, 1]]], [[[0, 0, 2, 1, 1], [0, 0, 2, 1, 1], [0, 0, 2, 1, 1], [0, 0, 2, 1, 1], [0, 0, 2, 1, 1]]]]> : tensor<2x1x5x5xui64>
  %dil_rhs = stablehlo.constant dense<[[[[0, 0], [2, 1]]]]> : tensor<1x1x2x2xui64>
  %dil = stablehlo.convolution(%dil_lhs, %dil_rhs) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 1], [1, 0]], lhs_dilate = [1, 1], rhs_dilate = [2, 2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x1x5x5xui64>, tensor<1x1x2x2xui64>) -> tensor<2x1x4x4xui64>
  check.expect_eq_const %dil, dense<[[[[0, 2, 1, 5], [0, 2, 1, 5], [0, 2, 1, 5], [0, 0, 0, 0]]], [[[0, 2, 1, 5], [0, 2, 1, 5], [0, 2, 1, 5], [0, 0, 0, 0]]]]> : tensor<2x1x4x4xui64>
  %grp_lhs = stablehlo.constant dense<[[[[0, 0, 2], [1, 1, 0], [0, 2, 1]], [[1, 0, 0], [2, 1, 1], [0, 0, 2]], [[1, 1, 0], [0, 2, 1], [1, 0, 0]], [[2, 1, 1], [0, 0, 2], [1, 1, 0]]]]> : tensor<1x4x3x3xui64>
  %grp_rhs = stablehlo.constant dense<[[[[0, 0], [2, 1]], [[1, 0], [0, 2]]], [[[1, 1], [0, 0]], [[2, 1], [1, 0]]]]> : tensor<2x2x2x2xui64>
  %grp = stablehlo.convolution(%grp_lhs, %grp_rhs) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x4x3x3xui64>, tensor<2x2x2x2xui64>) -> tensor<1x2x2x2xui64>
  check.expect_eq_const %grp, dense<[[[[6, 4], [4, 10]], [[7, 4], [3, 6]]]]> : tensor<1x2x2x2xui64>
  %bgrp_lhs = stablehlo.constant dense<[[[[0, 0, 2], [1, 1, 0], [0, 2, 1]]], [[[1, 0, 0], [2, 1, 1], [0, 0, 2]]]]> : tensor<2x1x3x3xui64>
  %bgrp_rhs = stablehlo.constant dense<[[[[0, 0], [2, 1]]], [[[1, 0], [0, 2]]]]> : tensor<2x1x2x2xui64>
  %bgrp = stablehlo.convolution(%bgrp_lhs, %bgrp_rhs) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<2x1x3x3xui64>, tensor<2x1x2x2xui64>) -> tensor<1x2x2x2xui64>
  check.expect_eq_const %bgrp, dense<[[[[3, 2], [2, 5]], [[3, 2], [2, 5]]]]> : tensor<1x2x2x2xui64>
  func.return
}

// -----

func.func @convolution_f32() {
  %spec_lhs = stablehlo.constant dense<[[[[1.0], [2.0], [5.0], [6.0]], [[3.0], [4.0], [7.0], [8.0]], [[10.0], [11.0], [14.0], [15.0]], [[12.0], [13.0], [16.0], [17.0]]]]> : tensor<1x4x4x1xf32>
  %spec_rhs = stablehlo.constant dense<1.0> : tensor<3x3x1x1xf32>
  %spec = stablehlo.convolution(%spec_lhs, %spec_rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [4, 4], pad = [[0, 0], [0, 0]], lhs_dilate = [2, 2], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x2x2x1xf32>
  check.expect_eq_const %spec, dense<[[[[10.0], [26.0]], [[46.0], [62.0]]]]> : tensor<1x2x2x1xf32>
  %fwd_lhs = stablehlo.constant dense<[[[[1.0, -2.0, 0.0, 2.0], [-1.0, 1.0, -2.0, 0.0], [2.0, -1.0, 1.0, -2.0], [0.0, 2.0, -1.0, 1.0]], [[-2.0, 0.0, 2.0, -1.0], [1.0, -2.0, 0.0, 2.0], [-1.0, 1.0, -2.0, 0.0], [2.0, -1.0, 1.0, -2.0]]]]> : tensor<1x2x4x4xf32>
  %fwd_rhs = stablehlo.constant dense<[[[[1.0, -2.0, 0.0], [2.0, -1.0, 1.0], [-2.0, 0.0, 2.0]], [[-1.0, 1.0, -2.0], [0.0, 2.0, -1.0], [1.0, -2.0, 0.0]]], [[[2.0, -1.0, 1.0], [-2.0, 0.0, 2.0], [-1.0, 1.0, -2.0]], [[0.0, 2.0, -1.0], [1.0, -2.0, 0.0], [2.0, -1.0, 1.0]]]]> : tensor<2x2x3x3xf32>
  %fwd = stablehlo.convolution(%fwd_lhs, %fwd_rhs) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x2x4x4xf32>, tensor<2x2x3x3xf32>) -> tensor<1x2x2x2xf32>
  check.expect_eq_const %fwd, dense<[[[[-7.0, -1.0], [1.0, -11.0]], [[-6.0, -1.0], [-1.0, -5.0]]]]> : tensor<1x2x2x2xf32>
  %dil_lhs = stablehlo.constant dense<[[[[1.0, -2.0, 0.0, 2.0, -1.0], [1.0, -2.0, 0.0, 2.0, -1.0], [1.0, -2.0, 0.0, 2.0, -1.0], [1.0, -2.0, 0.0, 2.0, -1.0], [1.0, -2.0, 0.0, 2.0, -1.0]]], [[[1.0, -2.0, 0.0, 2.0, -1.0], [1.0, -2.0, 0.0, 2.0, -1.0], [1.0, -2.0, 0.0, 2.0, -1.0], [1.0, -2.0, 0.0, 2.0, -1.0], [1.0, -2.0, 0.0, 2.0, -1.0]]]]> : tensor<2x1x5x5xf32>
  %dil_rhs = stablehlo.constant dense<[[[[1.0, -2.0], [0.0, 2.0]]]]> : tensor<1x1x2x2xf32>
  %dil = stablehlo.convolution(%dil_lhs, %dil_rhs) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 1], [1, 0]], lhs_dilate = [1, 1], rhs_dilate = [2, 2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x1x5x5xf32>, tensor<1x1x2x2xf32>) -> tensor<2x1x4x4xf32>
  check.expect_eq_const %dil, dense<[[[[0.0, 1.0, -2.0, 0.0], [0.0, 1.0, -2.0, 0.0], [0.0, 1.0, -2.0, 0.0], [4.0, 1.0, -6.0, 2.0]]], [[[0.0, 1.0, -2.0, 0.0], [0.0, 1.0, -2.0, 0.0], [0.0, 1.0, -2.0, 0.0], [4.0, 1.0, -6.0, 2.0]]]]> : tensor<2x1x4x4xf32>
  %grp_lhs = stablehlo.constant dense<[[[[1.0, -2.0, 0.0], [2.0, -1.0, 1.0], [-2.0, 0.0, 2.0]], [[-1.0, 1.0, -2.0], [0.0, 2.0, -1.0], [1.0, -2.0, 0.0]], [[2.0, -1.0, 1.0], [-2.0, 0.0, 2.0], [-1.0, 1.0, -2.0]], [[0.0, 2.0, -1.0], [1.0, -2.0, 0.0], [2.0, -1.0, 1.0]]]]> : tensor<1x4x3x3xf32>
  %grp_rhs = stablehlo.constant dense<[[[[1.0, -2.0], [0.0, 2.0]], [[-1.0, 1.0], [-2.0, 0.0]]], [[[2.0, -1.0], [1.0, -2.0]], [[0.0, 2.0], [-1.0, 1.0]]]]> : tensor<2x2x2x2xf32>
  %grp = stablehlo.convolution(%grp_lhs, %grp_rhs) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x4x3x3xf32>, tensor<2x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  check.expect_eq_const %grp, dense<[[[[5.0, -7.0], [4.0, 2.0]], [[4.0, -7.0], [-14.0, 5.0]]]]> : tensor<1x2x2x2xf32>
  %bgrp_lhs = stablehlo.constant dense<[[[[1.0, -2.0, 0.0], [2.0, -1.0, 1.0], [-2.0, 0.0, 2.0]]], [[[-1.0, 1.0, -2.0], [0.0, 2.0, -1.0], [1.0, -2.0, 0.0]]]]> : tensor<2x1x3x3xf32>
  %bgrp_rhs = stablehlo.constant dense<[[[[1.0, -2.0], [0.0, 2.0]]], [[[-1.0, 1.0], [-2.0, 0.0]]]]> : tensor<2x1x2x2xf32>
  %bgrp = stablehlo.convolution(%bgrp_lhs, %bgrp_rhs) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<2x1x3x3xf32>, tensor<2x1x2x2xf32>) -> tensor<1x2x2x2xf32>
  check.expect_eq_const %bgrp, dense<[[[[3.0, 0.0], [4.0, 1.0]], [[2.0, -7.0], [0.0, 1.0]]]]> : tensor<1x2x2x2xf32>
  func.return
}

// -----

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

// -----

func.func @convolution_generic_1d_f32() {
  %x = stablehlo.constant dense<[[[1.0, 2.0, 3.0, 4.0, 5.0]]]> : tensor<1x1x5xf32>
  %w = stablehlo.constant dense<[[[1.0, 0.5, -1.0]]]> : tensor<1x1x3xf32>
  %r = "stablehlo.convolution"(%x, %w) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, f, 0]x[o, i, 0]->[b, f, 0]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1>, padding = dense<1> : tensor<1x2xi64>, rhs_dilation = array<i64: 1>, window_strides = array<i64: 1>}> : (tensor<1x1x5xf32>, tensor<1x1x3xf32>) -> tensor<1x1x5xf32>
  check.expect_eq_const %r, dense<[[[-1.5, -1.0, -0.5, 0.0, 6.5]]]> : tensor<1x1x5xf32>
  func.return
}

// -----

func.func @convolution_backward_data_nhwc_f32() {
  %bwd_lhs = stablehlo.constant dense<[[[[-3.0, -2.0], [-1.0, 0.0], [1.0, 2.0]], [[3.0, -3.0], [-2.0, -1.0], [0.0, 1.0]], [[2.0, 3.0], [-3.0, -2.0], [-1.0, 0.0]]], [[[1.0, 2.0], [3.0, -3.0], [-2.0, -1.0]], [[0.0, 1.0], [2.0, 3.0], [-3.0, -2.0]], [[-1.0, 0.0], [1.0, 2.0], [3.0, -3.0]]]]> : tensor<2x3x3x2xf32>
  %bwd_rhs = stablehlo.constant dense<[[[[-2.0, -1.0], [0.0, 1.0]], [[2.0, -2.0], [-1.0, 0.0]], [[1.0, 2.0], [-2.0, -1.0]]], [[[0.0, 1.0], [2.0, -2.0]], [[-1.0, 0.0], [1.0, 2.0]], [[-2.0, -1.0], [0.0, 1.0]]], [[[2.0, -2.0], [-1.0, 0.0]], [[1.0, 2.0], [-2.0, -1.0]], [[0.0, 1.0], [2.0, -2.0]]]]> : tensor<3x3x2x2xf32>
  %bwd = stablehlo.convolution(%bwd_lhs, %bwd_rhs) dim_numbers = [b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[2, 2], [2, 2]], lhs_dilate = [2, 2], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x3x3x2xf32>, tensor<3x3x2x2xf32>) -> tensor<2x7x7x2xf32>
  check.expect_eq_const %bwd, dense<[[[[-2.0, -2.0], [-7.0, 8.0], [-2.0, 1.0], [-1.0, 2.0], [0.0, -1.0], [5.0, -4.0], [-2.0, -1.0]], [[8.0, -2.0], [3.0, -7.0], [0.0, -2.0], [1.0, -1.0], [-4.0, 0.0], [-1.0, 5.0], [2.0, -2.0]], [[-10.0, 20.0], [-5.0, 0.0], [18.0, -5.0], [-6.0, 6.0], [6.0, -4.0], [0.0, -2.0], [-6.0, 2.0]], [[-3.0, -3.0], [-3.0, -3.0], [2.0, 11.0], [2.0, -4.0], [-2.0, -1.0], [0.0, 2.0], [1.0, -2.0]], [[0.0, -5.0], [20.0, -10.0], [-11.0, -2.0], [-9.0, 10.0], [5.0, -1.0], [-3.0, 2.0], [-3.0, 2.0]], [[-7.0, 3.0], [-2.0, 8.0], [11.0, -4.0], [3.0, -7.0], [0.0, -2.0], [1.0, -1.0], [0.0, -2.0]], [[8.0, -7.0], [-2.0, -2.0], [-14.0, 11.0], [-2.0, 3.0], [7.0, 0.0], [-2.0, 1.0], [2.0, 0.0]]], [[[2.0, -2.0], [5.0, -4.0], [-5.0, 11.0], [-3.0, -3.0], [11.0, -5.0], [-4.0, 5.0], [-2.0, 2.0]], [[-4.0, 2.0], [-1.0, 5.0], [-1.0, -5.0], [-3.0, -3.0], [2.0, 11.0], [2.0, -4.0], [-1.0, -2.0]], [[6.0, -6.0], [0.0, -2.0], [-6.0, -3.0], [20.0, -10.0], [-11.0, -2.0], [-9.0, 10.0], [3.0, 2.0]], [[-1.0, 1.0], [0.0, 2.0], [-6.0, 1.0], [-2.0, 8.0], [11.0, -4.0], [3.0, -7.0], [-2.0, -2.0]], [[2.0, -3.0], [-3.0, 2.0], [7.0, -7.0], [3.0, -6.0], [-19.0, 22.0], [-5.0, 0.0], [20.0, -5.0]], [[2.0, 0.0], [1.0, -1.0], [-4.0, 0.0], [-1.0, 5.0], [-1.0, -5.0], [-3.0, -3.0], [-3.0, 12.0]], [[-1.0, 2.0], [-2.0, 1.0], [7.0, -4.0], [-2.0, -1.0], [-7.0, -1.0], [12.0, -3.0], [-3.0, -3.0]]]]> : tensor<2x7x7x2xf32>
  func.return
}
