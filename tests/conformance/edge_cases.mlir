// Edge cases the type sweeps do not reach: IEEE special values, 64-bit integers beyond 2^53,
// empty tensors, init values in reductions and windows, dynamic_slice index types and clamping,
// unordered broadcast dimensions, window reversal and negative convolution padding, scalars.

func.func @float_special_values_f32() {
  %nz = stablehlo.constant dense<-0.0> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %one = stablehlo.constant dense<1.0> : tensor<f32>
  %neg = stablehlo.constant dense<-1.0> : tensor<f32>
  %big = stablehlo.constant dense<100.0> : tensor<f32>
  %nan = stablehlo.constant dense<0x7FC00000> : tensor<f32>
  %inf = stablehlo.constant dense<0x7F800000> : tensor<f32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  // sign(-0.0) is -0.0: dividing 1 by it gives -inf
  %s = stablehlo.sign %nz : tensor<f32>
  %q = stablehlo.divide %one, %s : tensor<f32>
  %q_is_ninf = stablehlo.compare EQ, %q, %ninf, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %q_is_ninf, dense<true> : tensor<i1>
  %sn = stablehlo.sign %nan : tensor<f32>
  %sn_isnan = stablehlo.compare NE, %sn, %sn, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %sn_isnan, dense<true> : tensor<i1>
  // maximum and minimum propagate NaN
  %mx = stablehlo.maximum %nan, %one : tensor<f32>
  %mx_isnan = stablehlo.compare NE, %mx, %mx, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %mx_isnan, dense<true> : tensor<i1>
  %mn = stablehlo.minimum %one, %nan : tensor<f32>
  %mn_isnan = stablehlo.compare NE, %mn, %mn, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %mn_isnan, dense<true> : tensor<i1>
  %e = stablehlo.exponential %big : tensor<f32>
  check.expect_eq_const %e, dense<0x7F800000> : tensor<f32>
  %l0 = stablehlo.log %zero : tensor<f32>
  check.expect_eq_const %l0, dense<0xFF800000> : tensor<f32>
  %ln = stablehlo.log %neg : tensor<f32>
  %ln_isnan = stablehlo.compare NE, %ln, %ln, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %ln_isnan, dense<true> : tensor<i1>
  %sq = stablehlo.sqrt %neg : tensor<f32>
  %sq_isnan = stablehlo.compare NE, %sq, %sq, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %sq_isnan, dense<true> : tensor<i1>
  %rs = stablehlo.rsqrt %zero : tensor<f32>
  check.expect_eq_const %rs, dense<0x7F800000> : tensor<f32>
  %l1 = stablehlo.log_plus_one %neg : tensor<f32>
  check.expect_eq_const %l1, dense<0xFF800000> : tensor<f32>
  %th = stablehlo.tanh %big : tensor<f32>
  check.expect_eq_const %th, dense<1.0> : tensor<f32>
  %lg = stablehlo.logistic %ninf : tensor<f32>
  check.expect_eq_const %lg, dense<0.0> : tensor<f32>
  %d0 = stablehlo.divide %one, %zero : tensor<f32>
  check.expect_eq_const %d0, dense<0x7F800000> : tensor<f32>
  %r0 = stablehlo.remainder %one, %zero : tensor<f32>
  %r0_isnan = stablehlo.compare NE, %r0, %r0, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %r0_isnan, dense<true> : tensor<i1>
  %ab = stablehlo.abs %ninf : tensor<f32>
  check.expect_eq_const %ab, dense<0x7F800000> : tensor<f32>
  func.return
}

// -----

func.func @wide_integers_64() {
  %a = stablehlo.constant dense<[9007199254740993, -9223372036854775807, 4611686018427387904]> : tensor<3xi64>
  %b = stablehlo.constant dense<[2, -1, 3]> : tensor<3xi64>
  %sum = stablehlo.add %a, %b : tensor<3xi64>
  check.expect_eq_const %sum, dense<[9007199254740995, -9223372036854775808, 4611686018427387907]> : tensor<3xi64>
  %quo = stablehlo.divide %a, %b : tensor<3xi64>
  check.expect_eq_const %quo, dense<[4503599627370496, 9223372036854775807, 1537228672809129301]> : tensor<3xi64>
  %u = stablehlo.constant dense<[18446744073709551615, 9223372036854775808, 10]> : tensor<3xui64>
  %v = stablehlo.constant dense<[3, 7, 4]> : tensor<3xui64>
  %uq = stablehlo.divide %u, %v : tensor<3xui64>
  check.expect_eq_const %uq, dense<[6148914691236517205, 1317624576693539401, 2]> : tensor<3xui64>
  %ur = stablehlo.remainder %u, %v : tensor<3xui64>
  check.expect_eq_const %ur, dense<[0, 1, 2]> : tensor<3xui64>
  %um = stablehlo.maximum %u, %v : tensor<3xui64>
  check.expect_eq_const %um, dense<[18446744073709551615, 9223372036854775808, 10]> : tensor<3xui64>
  %gt = stablehlo.compare GT, %u, %v, UNSIGNED : (tensor<3xui64>, tensor<3xui64>) -> tensor<3xi1>
  check.expect_eq_const %gt, dense<true> : tensor<3xi1>
  %f = stablehlo.convert %u : (tensor<3xui64>) -> tensor<3xf32>
  check.expect_eq_const %f, dense<[1.8446744073709552e+19, 9.223372036854775808e+18, 10.0]> : tensor<3xf32>
  %p = stablehlo.power %b, %b : tensor<3xi64>
  check.expect_eq_const %p, dense<[4, -1, 27]> : tensor<3xi64>
  func.return
}

// -----

func.func @empty_tensors() {
  %e = stablehlo.constant dense<> : tensor<0x3xf32>
  %s = stablehlo.add %e, %e : tensor<0x3xf32>
  check.expect_eq_const %s, dense<> : tensor<0x3xf32>
  %init = stablehlo.constant dense<7.0> : tensor<f32>
  %r = stablehlo.reduce(%e init: %init) applies stablehlo.add across dimensions = [0] : (tensor<0x3xf32>, tensor<f32>) -> tensor<3xf32>
  check.expect_eq_const %r, dense<7.0> : tensor<3xf32>
  %x = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %sl = stablehlo.slice %x [2:2] : (tensor<3xi32>) -> tensor<0xi32>
  %c = stablehlo.concatenate %sl, %x, %sl, dim = 0 : (tensor<0xi32>, tensor<3xi32>, tensor<0xi32>) -> tensor<3xi32>
  check.expect_eq_const %c, dense<[1, 2, 3]> : tensor<3xi32>
  %z = stablehlo.constant dense<0> : tensor<i32>
  %pd = stablehlo.pad %sl, %z, low = [1], high = [1], interior = [3] : (tensor<0xi32>, tensor<i32>) -> tensor<2xi32>
  check.expect_eq_const %pd, dense<0> : tensor<2xi32>
  %dg = stablehlo.dot_general %e, %e, contracting_dims = [0] x [0] : (tensor<0x3xf32>, tensor<0x3xf32>) -> tensor<3x3xf32>
  check.expect_eq_const %dg, dense<0.0> : tensor<3x3xf32>
  func.return
}

// -----

func.func @init_values() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %init = stablehlo.constant dense<100> : tensor<i32>
  %r = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [1] : (tensor<2x3xi32>, tensor<i32>) -> tensor<2xi32>
  check.expect_eq_const %r, dense<[106, 115]> : tensor<2xi32>
  %w = "stablehlo.reduce_window"(%x, %init) <{padding = dense<[[0, 1], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) : (tensor<2x3xi32>, tensor<i32>) -> tensor<2x2xi32>
  check.expect_eq_const %w, dense<[[112, 116], [309, 311]]> : tensor<2x2xi32>
  %y = stablehlo.constant dense<[[1, 5, 2, 0], [7, 3, 3, 9]]> : tensor<2x4xi32>
  %src = stablehlo.constant dense<[[10, 20]]> : tensor<1x2xi32>
  %big = stablehlo.constant dense<1000> : tensor<i32>
  %ss = "stablehlo.select_and_scatter"(%y, %src, %big) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %c = stablehlo.compare GE, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %c = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %c : tensor<i32>
  }) : (tensor<2x4xi32>, tensor<1x2xi32>, tensor<i32>) -> tensor<2x4xi32>
  check.expect_eq_const %ss, dense<[[1000, 1000, 1000, 1000], [1010, 1000, 1000, 1020]]> : tensor<2x4xi32>
  func.return
}

// -----

func.func @dynamic_slice_index_types() {
  %x = stablehlo.constant dense<[0, 1, 2, 3, 4, 5, 6, 7]> : tensor<8xi32>
  %u = stablehlo.constant dense<4000000000> : tensor<ui32>
  %a = stablehlo.dynamic_slice %x, %u, sizes = [3] : (tensor<8xi32>, tensor<ui32>) -> tensor<3xi32>
  check.expect_eq_const %a, dense<[5, 6, 7]> : tensor<3xi32>
  %s = stablehlo.constant dense<-100> : tensor<i8>
  %b = stablehlo.dynamic_slice %x, %s, sizes = [2] : (tensor<8xi32>, tensor<i8>) -> tensor<2xi32>
  check.expect_eq_const %b, dense<[0, 1]> : tensor<2xi32>
  %big = stablehlo.constant dense<9223372036854775807> : tensor<i64>
  %c = stablehlo.dynamic_slice %x, %big, sizes = [8] : (tensor<8xi32>, tensor<i64>) -> tensor<8xi32>
  check.expect_eq %c, %x : tensor<8xi32>
  func.return
}

// -----

func.func @broadcast_in_dim_unordered_dims() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %b = stablehlo.broadcast_in_dim %x, dims = [2, 0] : (tensor<2x3xi32>) -> tensor<3x2x2xi32>
  check.expect_eq_const %b, dense<[[[1, 4], [1, 4]], [[2, 5], [2, 5]], [[3, 6], [3, 6]]]> : tensor<3x2x2xi32>
  func.return
}

// -----

func.func @convolution_reversal_and_negative_padding() {
  %x = stablehlo.constant dense<[[[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]]]> : tensor<1x1x6xf32>
  %w = stablehlo.constant dense<[[[1.0, 2.0, 3.0]]]> : tensor<1x1x3xf32>
  %r = "stablehlo.convolution"(%x, %w) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, f, 0]x[o, i, 0]->[b, f, 0]>, feature_group_count = 1 : i64, window_reversal = array<i1: true>}> : (tensor<1x1x6xf32>, tensor<1x1x3xf32>) -> tensor<1x1x4xf32>
  check.expect_eq_const %r, dense<[[[10.0, 16.0, 22.0, 28.0]]]> : tensor<1x1x4xf32>
  %n = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {stride = [2], pad = [[-1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x1x6xf32>, tensor<1x1x3xf32>) -> tensor<1x1x2xf32>
  check.expect_eq_const %n, dense<[[[20.0, 32.0]]]> : tensor<1x1x2xf32>
  func.return
}

// -----

func.func @scalars_through_shape_ops() {
  %s = stablehlo.constant dense<5> : tensor<ui16>
  %r = stablehlo.reshape %s : (tensor<ui16>) -> tensor<1x1xui16>
  %t = stablehlo.transpose %r, dims = [1, 0] : (tensor<1x1xui16>) -> tensor<1x1xui16>
  %b = stablehlo.broadcast_in_dim %t, dims = [0, 1] : (tensor<1x1xui16>) -> tensor<2x3xui16>
  check.expect_eq_const %b, dense<5> : tensor<2x3xui16>
  %back = stablehlo.reshape %t : (tensor<1x1xui16>) -> tensor<ui16>
  %rev = stablehlo.reverse %back, dims = [] : tensor<ui16>
  check.expect_eq %rev, %s : tensor<ui16>
  func.return
}
