// f16 (IEEE binary16: 11 significant bits, largest finite 65504, subnormals down to 2^-24) through
// every op of the subset. Results are rounded to nearest even once per op (the spec's semantics);
// the cases on rounding, overflow, gradual underflow and NaN come first, then the data-movement,
// comparison, contraction and window ops on values every intermediate of which is exact in f16.
// Expected values are worked out by hand (exact rational arithmetic, then rounding),
// independently of hlotrain's code.

func.func @constant_forms_f16() {
  %list = stablehlo.constant dense<[1.0, -2.0, 0.5, 3.0e+02]> : tensor<4xf16>
  check.expect_eq_const %list, dense<"0x003C00C00038B05C"> : tensor<4xf16>
  %splat = stablehlo.constant dense<1.5> : tensor<2x2xf16>
  check.expect_eq_const %splat, dense<[[1.5, 1.5], [1.5, 1.5]]> : tensor<2x2xf16>
  %hex_splat = stablehlo.constant dense<"0x003E"> : tensor<3xf16>
  check.expect_eq_const %hex_splat, dense<1.5> : tensor<3xf16>
  %bits = stablehlo.constant dense<[0x3C00, 0x7C00, 0xFC00, 0x8000, 0x0001, 0x7BFF]> : tensor<6xf16>
  %values = stablehlo.constant dense<[1.0, 0x7C00, 0xFC00, -0.0, 5.9604644775390625E-8, 65504.0]> : tensor<6xf16>
  check.expect_eq %bits, %values : tensor<6xf16>
  %nan = stablehlo.constant dense<0x7E00> : tensor<f16>
  %nan_bytes = stablehlo.constant dense<"0x007E"> : tensor<f16>
  check.expect_eq %nan, %nan_bytes : tensor<f16>
  %rounded = stablehlo.constant dense<[0.1, 1.00048828125, 65519.0, 65520.0, 2.98023223876953125E-8, 8.94069671630859375E-8]> : tensor<6xf16>
  check.expect_eq_const %rounded, dense<[0x2E66, 0x3C00, 0x7BFF, 0x7C00, 0x0000, 0x0002]> : tensor<6xf16>
  %ints = stablehlo.constant dense<[3, -2049]> : tensor<2xf16>
  check.expect_eq_const %ints, dense<[3.0, -2048.0]> : tensor<2xf16>
  %generic = "stablehlo.constant"() <{value = dense<[2.5, -0.0]> : tensor<2xf16>}> : () -> tensor<2xf16>
  check.expect_eq_const %generic, dense<[0x4100, 0x8000]> : tensor<2xf16>
  %empty = stablehlo.constant dense<> : tensor<0xf16>
  check.expect_eq_const %empty, dense<> : tensor<0xf16>
  func.return
}

// -----

// f16 keeps 11 significant bits: 1 + 2^-11 is a tie and rounds to the even 1; 1 + 3 * 2^-11 to the
// even 1 + 2^-9; 2048 + 1 to 2048 (the ulp there is 2); the largest finite value is 65504, and
// 65504 + 16 is a tie whose even neighbour is infinity.
func.func @add_f16() {
  %lhs = stablehlo.constant dense<[1.0, 1.0, 2048.0, 65504.0, 65504.0, 0.1]> : tensor<6xf16>
  %rhs = stablehlo.constant dense<[0.00048828125, 0.00146484375, 1.0, 8.0, 16.0, 0.2]> : tensor<6xf16>
  %result = stablehlo.add %lhs, %rhs : tensor<6xf16>
  check.expect_eq_const %result, dense<[1.0, 1.001953125, 2048.0, 65504.0, 0x7C00, 0.2998046875]> : tensor<6xf16>
  func.return
}

// -----

// Gradual underflow: the subnormals are multiples of 2^-24; 2^-25 is a tie between 0 and 2^-24
// and rounds to 0, 3 * 2^-25 to 2^-23.
func.func @subnormals_f16() {
  %tiny = stablehlo.constant dense<[5.9604644775390625E-8, 5.9604644775390625E-8, 6.103515625E-5]> : tensor<3xf16>
  %half = stablehlo.constant dense<[0.5, 1.5, 0.5]> : tensor<3xf16>
  %product = stablehlo.multiply %tiny, %half : tensor<3xf16>
  check.expect_eq_const %product, dense<[0x0000, 0x0002, 0x0200]> : tensor<3xf16>
  %sum = stablehlo.add %tiny, %tiny : tensor<3xf16>
  check.expect_eq_const %sum, dense<[0x0002, 0x0002, 0x0800]> : tensor<3xf16>
  func.return
}

// -----

func.func @subtract_multiply_divide_f16() {
  %a = stablehlo.constant dense<[1.0, 1.0996094, 1.0, 300.0]> : tensor<4xf16>
  %b = stablehlo.constant dense<[0.00048828125, 1.0996094, 3.0, 300.0]> : tensor<4xf16>
  %sub = stablehlo.subtract %a, %b : tensor<4xf16>
  check.expect_eq_const %sub, dense<[0.99951171875, 0.0, -2.0, 0.0]> : tensor<4xf16>
  %mul = stablehlo.multiply %a, %b : tensor<4xf16>
  check.expect_eq_const %mul, dense<[0.00048828125, 1.208984375, 3.0, 0x7C00]> : tensor<4xf16>
  %div = stablehlo.divide %a, %b : tensor<4xf16>
  check.expect_eq_const %div, dense<[2048.0, 1.0, 0.333251953125, 1.0]> : tensor<4xf16>
  %ten = stablehlo.constant dense<10.0> : tensor<f16>
  %three = stablehlo.constant dense<3.0> : tensor<f16>
  %q = stablehlo.divide %ten, %three : tensor<f16>
  check.expect_eq_const %q, dense<3.333984375> : tensor<f16>
  func.return
}

// -----

func.func @remainder_maximum_minimum_power_f16() {
  %a = stablehlo.constant dense<[7.5, -7.5, 0x7E00, -0.0]> : tensor<4xf16>
  %b = stablehlo.constant dense<[2.0, 2.0, 1.0, 0.0]> : tensor<4xf16>
  %rem = stablehlo.remainder %a, %b : tensor<4xf16>
  check.expect_eq_const %rem, dense<[1.5, -1.5, 0x7E00, 0x7E00]> : tensor<4xf16>
  %max = stablehlo.maximum %a, %b : tensor<4xf16>
  check.expect_eq_const %max, dense<[7.5, 2.0, 0x7E00, 0.0]> : tensor<4xf16>
  %min = stablehlo.minimum %a, %b : tensor<4xf16>
  check.expect_eq_const %min, dense<[2.0, -7.5, 0x7E00, -0.0]> : tensor<4xf16>
  %base = stablehlo.constant dense<[1.5, 2.0, -2.0, 256.0]> : tensor<4xf16>
  %exp = stablehlo.constant dense<[3.0, 0.5, 3.0, 2.0]> : tensor<4xf16>
  %pow = stablehlo.power %base, %exp : tensor<4xf16>
  check.expect_eq_const %pow, dense<[3.375, 1.4140625, -8.0, 0x7C00]> : tensor<4xf16>
  func.return
}

// -----

// Exact ops compare exactly; the transcendental ones, rounded once from f64's result, within f16's
// half ulp near 1 (2^-11).
func.func @unary_f16() {
  %x = stablehlo.constant dense<[-1.5, 0.0, 2.0, 0x7E00]> : tensor<4xf16>
  %neg = stablehlo.negate %x : tensor<4xf16>
  check.expect_eq_const %neg, dense<[1.5, -0.0, -2.0, 0xFE00]> : tensor<4xf16>
  %abs = stablehlo.abs %x : tensor<4xf16>
  check.expect_eq_const %abs, dense<[1.5, 0.0, 2.0, 0x7E00]> : tensor<4xf16>
  %sign = stablehlo.sign %x : tensor<4xf16>
  check.expect_eq_const %sign, dense<[-1.0, 0.0, 1.0, 0x7E00]> : tensor<4xf16>
  %one = stablehlo.constant dense<[1.0, -1.0, 12.0]> : tensor<3xf16>
  %e = stablehlo.exponential %one : tensor<3xf16>
  check.expect_almost_eq_const %e, dense<[2.71875, 0.367919921875, 0x7C00]> : tensor<3xf16> {tolerance = 4.882812e-04 : f64}
  %three = stablehlo.constant dense<[3.0, 0.5]> : tensor<2xf16>
  %ln = stablehlo.log %three : tensor<2xf16>
  check.expect_almost_eq_const %ln, dense<[1.0986328125, -0.693359375]> : tensor<2xf16> {tolerance = 4.882812e-04 : f64}
  %l1p = stablehlo.log_plus_one %three : tensor<2xf16>
  check.expect_almost_eq_const %l1p, dense<[1.38671875, 0.405517578125]> : tensor<2xf16> {tolerance = 4.882812e-04 : f64}
  %two = stablehlo.constant dense<[2.0, 4.0, 0.0, -1.0]> : tensor<4xf16>
  %sqrt = stablehlo.sqrt %two : tensor<4xf16>
  check.expect_eq_const %sqrt, dense<[1.4140625, 2.0, 0.0, 0xFE00]> : tensor<4xf16>
  %rsqrt = stablehlo.rsqrt %two : tensor<4xf16>
  check.expect_almost_eq_const %rsqrt, dense<[0.70703125, 0.5, 0x7C00, 0xFE00]> : tensor<4xf16> {tolerance = 4.882812e-04 : f64}
  %half = stablehlo.constant dense<[0.5, 1.0]> : tensor<2xf16>
  %tanh = stablehlo.tanh %half : tensor<2xf16>
  check.expect_almost_eq_const %tanh, dense<[0.462158203125, 0.76171875]> : tensor<2xf16> {tolerance = 4.882812e-04 : f64}
  %logistic = stablehlo.logistic %half : tensor<2xf16>
  check.expect_almost_eq_const %logistic, dense<[0.62255859375, 0.73095703125]> : tensor<2xf16> {tolerance = 4.882812e-04 : f64}
  func.return
}

// -----

// f32 -> f16 rounds to nearest even from the exact f32 value; beyond 65504 + 16 overflows to inf;
// below 2^-25 underflows to 0; NaN stays NaN. f16 -> f32 and f64 are exact.
func.func @convert_float_f16() {
  %f = stablehlo.constant dense<[1.00048828125, 0x3F801001, 65519.996, 65520.0, 2.98023224e-08, 0x7FC00000, -2.5]> : tensor<7xf32>
  %h = stablehlo.convert %f : (tensor<7xf32>) -> tensor<7xf16>
  check.expect_eq_const %h, dense<[1.0, 0x3C01, 65504.0, 0x7C00, 0.0, 0x7E00, -2.5]> : tensor<7xf16>
  %back = stablehlo.convert %h : (tensor<7xf16>) -> tensor<7xf32>
  check.expect_eq_const %back, dense<[1.0, 1.0009765625, 65504.0, 0x7F800000, 0.0, 0x7FC00000, -2.5]> : tensor<7xf32>
  %d = stablehlo.constant dense<[1.0e-07, 0.1, 1.0e+300]> : tensor<3xf64>
  %dh = stablehlo.convert %d : (tensor<3xf64>) -> tensor<3xf16>
  check.expect_eq_const %dh, dense<[0x0002, 0x2E66, 0x7C00]> : tensor<3xf16>
  %wide = stablehlo.convert %dh : (tensor<3xf16>) -> tensor<3xf64>
  check.expect_eq_const %wide, dense<[1.1920928955078125E-7, 0.0999755859375, 0x7FF0000000000000]> : tensor<3xf64>
  %small = stablehlo.constant dense<[5.9604644775390625E-8, 65504.0, -3.0]> : tensor<3xf16>
  %b = stablehlo.convert %small : (tensor<3xf16>) -> tensor<3xbf16>
  check.expect_eq_const %b, dense<[5.9604644775390625E-8, 65536.0, -3.0]> : tensor<3xbf16>
  func.return
}

// -----

// Integers round once from their exact value (2049 -> 2048, 2051 -> 2052, ties to even; 65520
// and beyond to inf). f16 -> integers truncate toward zero, saturate, and take NaN to 0.
func.func @convert_integer_f16() {
  %i = stablehlo.constant dense<[2049, 2051, -7, 65520, 100000]> : tensor<5xi32>
  %ih = stablehlo.convert %i : (tensor<5xi32>) -> tensor<5xf16>
  check.expect_eq_const %ih, dense<[2048.0, 2052.0, -7.0, 0x7C00, 0x7C00]> : tensor<5xf16>
  %x = stablehlo.constant dense<[-2.75, 2.75, 60000.0, -60000.0, 0x7E00]> : tensor<5xf16>
  %xi = stablehlo.convert %x : (tensor<5xf16>) -> tensor<5xi16>
  check.expect_eq_const %xi, dense<[-2, 2, 32767, -32768, 0]> : tensor<5xi16>
  %xu = stablehlo.convert %x : (tensor<5xf16>) -> tensor<5xui32>
  check.expect_eq_const %xu, dense<[0, 2, 60000, 0, 0]> : tensor<5xui32>
  %p = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  %ph = stablehlo.convert %p : (tensor<2xi1>) -> tensor<2xf16>
  check.expect_eq_const %ph, dense<[1.0, 0.0]> : tensor<2xf16>
  func.return
}

// -----

// Every check convention on f16: an exact pair, a tolerance, ULP distances, the custom_call
// forms JAX writes.
func.func @checks_f16() {
  %a = stablehlo.constant dense<[1.0, 0x7E00, -0.0]> : tensor<3xf16>
  %b = stablehlo.constant dense<[1.0, 0x7E01, -0.0]> : tensor<3xf16>
  check.expect_eq %a, %b : tensor<3xf16>
  %c = stablehlo.constant dense<[1.0009765625, 0x7E00, 0.0]> : tensor<3xf16>
  check.expect_almost_eq %a, %c, tolerance = 1.000000e-03 : tensor<3xf16>
  check.expect_close %a, %c, max_ulp_difference = 1 : tensor<3xf16>, tensor<3xf16>
  stablehlo.custom_call @check.expect_close(%a, %c) {has_side_effect = true} : (tensor<3xf16>, tensor<3xf16>) -> ()
  stablehlo.custom_call @check.expect_almost_eq(%a, %c) {has_side_effect = true} : (tensor<3xf16>, tensor<3xf16>) -> ()
  "stablehlo.custom_call"(%a, %b) <{call_target_name = "check.expect_eq", has_side_effect = true}> : (tensor<3xf16>, tensor<3xf16>) -> ()
  check.expect_almost_eq_const %c, dense<[1.0, 0x7E00, 0.0]> : tensor<3xf16> {tolerance = 1.000000e-03 : f64}
  func.return
}

// -----

// dot_general and convolution take their products and sums at a higher precision and round once
// per result element (as XLA and oneDNN do): 1 + 0.00048828125 + 0.00048828125 is exact there and then representable.
func.func @contractions_round_once_f16() {
  %l = stablehlo.constant dense<[[1.0, 0.00048828125, 0.00048828125]]> : tensor<1x3xf16>
  %r = stablehlo.constant dense<1.0> : tensor<3x1xf16>
  %dot = stablehlo.dot_general %l, %r, contracting_dims = [1] x [0] : (tensor<1x3xf16>, tensor<3x1xf16>) -> tensor<1x1xf16>
  check.expect_eq_const %dot, dense<1.0009765625> : tensor<1x1xf16>
  %x = stablehlo.reshape %l : (tensor<1x3xf16>) -> tensor<1x1x3xf16>
  %k = stablehlo.constant dense<1.0> : tensor<1x1x3xf16>
  %conv = stablehlo.convolution(%x, %k) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {stride = [1], pad = [[0, 0]], lhs_dilate = [1], rhs_dilate = [1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x1x3xf16>, tensor<1x1x3xf16>) -> tensor<1x1x1xf16>
  check.expect_eq_const %conv, dense<1.0009765625> : tensor<1x1x1xf16>
  func.return
}

// -----

func.func @call_f16() {
  %a = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf16>
  %r = func.call @twice(%a) : (tensor<2xf16>) -> tensor<2xf16>
  check.expect_eq_const %r, dense<[2.0, 4.0]> : tensor<2xf16>
  func.return
}
func.func private @twice(%x: tensor<2xf16>) -> tensor<2xf16> {
  %r = stablehlo.add %x, %x : tensor<2xf16>
  func.return %r : tensor<2xf16>
}

// -----

func.func @iota_f16() {
  %d0 = stablehlo.iota dim = 0 : tensor<4x2xf16>
  check.expect_eq_const %d0, dense<[[0.0, 0.0], [1.0, 1.0], [2.0, 2.0], [3.0, 3.0]]> : tensor<4x2xf16>
  %d1 = stablehlo.iota dim = 1 : tensor<4x2xf16>
  check.expect_eq_const %d1, dense<[[0.0, 1.0], [0.0, 1.0], [0.0, 1.0], [0.0, 1.0]]> : tensor<4x2xf16>
  %g = "stablehlo.iota"() <{iota_dimension = 0 : i64}> : () -> tensor<3xf16>
  check.expect_eq_const %g, dense<[0.0, 1.0, 2.0]> : tensor<3xf16>
  func.return
}

// -----

func.func @select_f16() {
  %pred = stablehlo.constant dense<[true, false, true, false]> : tensor<4xi1>
  %on_true = stablehlo.constant dense<[1.5, -2.0, 3.25, 4.0]> : tensor<4xf16>
  %on_false = stablehlo.constant dense<[-5.0, 6.5, -7.0, 8.0]> : tensor<4xf16>
  %result = stablehlo.select %pred, %on_true, %on_false : tensor<4xi1>, tensor<4xf16>
  check.expect_eq_const %result, dense<[1.5, 6.5, 3.25, 8.0]> : tensor<4xf16>
  func.return
}

// -----

func.func @select_scalar_pred_f16() {
  %pred = stablehlo.constant dense<false> : tensor<i1>
  %on_true = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf16>
  %on_false = stablehlo.constant dense<[3.0, 4.0]> : tensor<2xf16>
  %result = stablehlo.select %pred, %on_true, %on_false : (tensor<i1>, tensor<2xf16>, tensor<2xf16>) -> tensor<2xf16>
  check.expect_eq_const %result, dense<[3.0, 4.0]> : tensor<2xf16>
  func.return
}

// -----

func.func @clamp_f16() {
  %min = stablehlo.constant dense<-1.0> : tensor<f16>
  %operand = stablehlo.constant dense<[-1.5, 0.0, 2.25, 1000.0]> : tensor<4xf16>
  %max = stablehlo.constant dense<2.0> : tensor<f16>
  %result = stablehlo.clamp %min, %operand, %max : (tensor<f16>, tensor<4xf16>, tensor<f16>) -> tensor<4xf16>
  check.expect_eq_const %result, dense<[-1.0, 0.0, 2.0, 2.0]> : tensor<4xf16>
  func.return
}

// -----

func.func @compare_f16() {
  %lhs = stablehlo.constant dense<[-1.5, 0.0, 2.25, 7.0]> : tensor<4xf16>
  %rhs = stablehlo.constant dense<[0.5, 0.0, -4.0, 7.5]> : tensor<4xf16>
  %eq = stablehlo.compare  EQ, %lhs, %rhs,  FLOAT : (tensor<4xf16>, tensor<4xf16>) -> tensor<4xi1>
  check.expect_eq_const %eq, dense<[false, true, false, false]> : tensor<4xi1>
  %ne = stablehlo.compare  NE, %lhs, %rhs,  FLOAT : (tensor<4xf16>, tensor<4xf16>) -> tensor<4xi1>
  check.expect_eq_const %ne, dense<[true, false, true, true]> : tensor<4xi1>
  %ge = stablehlo.compare  GE, %lhs, %rhs,  FLOAT : (tensor<4xf16>, tensor<4xf16>) -> tensor<4xi1>
  check.expect_eq_const %ge, dense<[false, true, true, false]> : tensor<4xi1>
  %gt = stablehlo.compare  GT, %lhs, %rhs,  FLOAT : (tensor<4xf16>, tensor<4xf16>) -> tensor<4xi1>
  check.expect_eq_const %gt, dense<[false, false, true, false]> : tensor<4xi1>
  %le = stablehlo.compare  LE, %lhs, %rhs,  FLOAT : (tensor<4xf16>, tensor<4xf16>) -> tensor<4xi1>
  check.expect_eq_const %le, dense<[true, true, false, true]> : tensor<4xi1>
  %lt = stablehlo.compare  LT, %lhs, %rhs,  FLOAT : (tensor<4xf16>, tensor<4xf16>) -> tensor<4xi1>
  check.expect_eq_const %lt, dense<[true, false, false, true]> : tensor<4xi1>
  func.return
}

// -----

func.func @compare_float_nan_and_zeros_f16() {
  %nan = stablehlo.constant dense<"0x007E"> : tensor<f16>
  %one = stablehlo.constant dense<1.0> : tensor<f16>
  %nz = stablehlo.constant dense<-0.0> : tensor<f16>
  %pz = stablehlo.constant dense<0.0> : tensor<f16>
  %eq_nan = stablehlo.compare EQ, %nan, %one, FLOAT : (tensor<f16>, tensor<f16>) -> tensor<i1>
  check.expect_eq_const %eq_nan, dense<false> : tensor<i1>
  %eq_zero = stablehlo.compare EQ, %nz, %pz, FLOAT : (tensor<f16>, tensor<f16>) -> tensor<i1>
  check.expect_eq_const %eq_zero, dense<true> : tensor<i1>
  %ne_nan = stablehlo.compare NE, %nan, %one, FLOAT : (tensor<f16>, tensor<f16>) -> tensor<i1>
  check.expect_eq_const %ne_nan, dense<true> : tensor<i1>
  %ne_zero = stablehlo.compare NE, %nz, %pz, FLOAT : (tensor<f16>, tensor<f16>) -> tensor<i1>
  check.expect_eq_const %ne_zero, dense<false> : tensor<i1>
  %lt_nan = stablehlo.compare LT, %nan, %one, FLOAT : (tensor<f16>, tensor<f16>) -> tensor<i1>
  check.expect_eq_const %lt_nan, dense<false> : tensor<i1>
  %lt_zero = stablehlo.compare LT, %nz, %pz, FLOAT : (tensor<f16>, tensor<f16>) -> tensor<i1>
  check.expect_eq_const %lt_zero, dense<false> : tensor<i1>
  %gt_nan = stablehlo.compare GT, %nan, %one, FLOAT : (tensor<f16>, tensor<f16>) -> tensor<i1>
  check.expect_eq_const %gt_nan, dense<false> : tensor<i1>
  %gt_zero = stablehlo.compare GT, %nz, %pz, FLOAT : (tensor<f16>, tensor<f16>) -> tensor<i1>
  check.expect_eq_const %gt_zero, dense<false> : tensor<i1>
  func.return
}

// -----

func.func @compare_totalorder_nan_and_zeros_f16() {
  %nan = stablehlo.constant dense<"0x007E"> : tensor<f16>
  %one = stablehlo.constant dense<1.0> : tensor<f16>
  %nz = stablehlo.constant dense<-0.0> : tensor<f16>
  %pz = stablehlo.constant dense<0.0> : tensor<f16>
  %eq_nan = stablehlo.compare EQ, %nan, %one, TOTALORDER : (tensor<f16>, tensor<f16>) -> tensor<i1>
  check.expect_eq_const %eq_nan, dense<false> : tensor<i1>
  %eq_zero = stablehlo.compare EQ, %nz, %pz, TOTALORDER : (tensor<f16>, tensor<f16>) -> tensor<i1>
  check.expect_eq_const %eq_zero, dense<false> : tensor<i1>
  %ne_nan = stablehlo.compare NE, %nan, %one, TOTALORDER : (tensor<f16>, tensor<f16>) -> tensor<i1>
  check.expect_eq_const %ne_nan, dense<true> : tensor<i1>
  %ne_zero = stablehlo.compare NE, %nz, %pz, TOTALORDER : (tensor<f16>, tensor<f16>) -> tensor<i1>
  check.expect_eq_const %ne_zero, dense<true> : tensor<i1>
  %lt_nan = stablehlo.compare LT, %nan, %one, TOTALORDER : (tensor<f16>, tensor<f16>) -> tensor<i1>
  check.expect_eq_const %lt_nan, dense<false> : tensor<i1>
  %lt_zero = stablehlo.compare LT, %nz, %pz, TOTALORDER : (tensor<f16>, tensor<f16>) -> tensor<i1>
  check.expect_eq_const %lt_zero, dense<true> : tensor<i1>
  %gt_nan = stablehlo.compare GT, %nan, %one, TOTALORDER : (tensor<f16>, tensor<f16>) -> tensor<i1>
  check.expect_eq_const %gt_nan, dense<true> : tensor<i1>
  %gt_zero = stablehlo.compare GT, %nz, %pz, TOTALORDER : (tensor<f16>, tensor<f16>) -> tensor<i1>
  check.expect_eq_const %gt_zero, dense<false> : tensor<i1>
  func.return
}

// -----

func.func @broadcast_in_dim_f16() {
  %x = stablehlo.constant dense<[1.0, 1.0, 3.0]> : tensor<3xf16>
  %y = stablehlo.constant dense<[[3.0, 1.0, 1.0]]> : tensor<1x3xf16>
  %a = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<3xf16>) -> tensor<2x3xf16>
  check.expect_eq_const %a, dense<[[1.0, 1.0, 3.0], [1.0, 1.0, 3.0]]> : tensor<2x3xf16>
  %b = stablehlo.broadcast_in_dim %y, dims = [0, 2] : (tensor<1x3xf16>) -> tensor<2x2x3xf16>
  check.expect_eq_const %b, dense<[[[3.0, 1.0, 1.0], [3.0, 1.0, 1.0]], [[3.0, 1.0, 1.0], [3.0, 1.0, 1.0]]]> : tensor<2x2x3xf16>
  %c = stablehlo.broadcast_in_dim %x, dims = [0] : (tensor<3xf16>) -> tensor<3xf16>
  check.expect_eq_const %c, dense<[1.0, 1.0, 3.0]> : tensor<3xf16>
  func.return
}

// -----

func.func @reshape_f16() {
  %x = stablehlo.constant dense<[[1.0, 1.0, 3.0], [2.0, 5.0, 3.0]]> : tensor<2x3xf16>
  %a = stablehlo.reshape %x : (tensor<2x3xf16>) -> tensor<3x2xf16>
  check.expect_eq_const %a, dense<[[1.0, 1.0], [3.0, 2.0], [5.0, 3.0]]> : tensor<3x2xf16>
  %b = stablehlo.reshape %x : (tensor<2x3xf16>) -> tensor<1x6x1xf16>
  check.expect_eq_const %b, dense<[[[1.0], [1.0], [3.0], [2.0], [5.0], [3.0]]]> : tensor<1x6x1xf16>
  %c = stablehlo.reshape %b : (tensor<1x6x1xf16>) -> tensor<6xf16>
  check.expect_eq_const %c, dense<[1.0, 1.0, 3.0, 2.0, 5.0, 3.0]> : tensor<6xf16>
  func.return
}

// -----

func.func @transpose_f16() {
  %x = stablehlo.constant dense<[[[1.0, 1.0], [3.0, 2.0], [5.0, 3.0]], [[7.0, 4.0], [9.0, 5.0], [11.0, 6.0]]]> : tensor<2x3x2xf16>
  %m = stablehlo.constant dense<[[1.0, 1.0, 3.0], [2.0, 5.0, 3.0]]> : tensor<2x3xf16>
  %a = stablehlo.transpose %x, dims = [2, 0, 1] : (tensor<2x3x2xf16>) -> tensor<2x2x3xf16>
  check.expect_eq_const %a, dense<[[[1.0, 3.0, 5.0], [7.0, 9.0, 11.0]], [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]]> : tensor<2x2x3xf16>
  %b = stablehlo.transpose %m, dims = [1, 0] : (tensor<2x3xf16>) -> tensor<3x2xf16>
  check.expect_eq_const %b, dense<[[1.0, 2.0], [1.0, 5.0], [3.0, 3.0]]> : tensor<3x2xf16>
  func.return
}

// -----

func.func @slice_f16() {
  %x = stablehlo.constant dense<[[1.0, 1.0, 3.0, 2.0], [5.0, 3.0, 7.0, 4.0], [9.0, 5.0, 11.0, 6.0]]> : tensor<3x4xf16>
  %a = stablehlo.slice %x [0:3:2, 1:4:2] : (tensor<3x4xf16>) -> tensor<2x2xf16>
  check.expect_eq_const %a, dense<[[1.0, 2.0], [5.0, 6.0]]> : tensor<2x2xf16>
  %b = stablehlo.slice %x [1:3, 0:3] : (tensor<3x4xf16>) -> tensor<2x3xf16>
  check.expect_eq_const %b, dense<[[5.0, 3.0, 7.0], [9.0, 5.0, 11.0]]> : tensor<2x3xf16>
  %c = "stablehlo.slice"(%x) <{start_indices = array<i64: 1, 0>, limit_indices = array<i64: 3, 3>, strides = array<i64: 1, 1>}> : (tensor<3x4xf16>) -> tensor<2x3xf16>
  check.expect_eq %c, %b : tensor<2x3xf16>
  func.return
}

// -----

func.func @dynamic_slice_f16() {
  %x = stablehlo.constant dense<[[1.0, 1.0, 3.0, 2.0], [5.0, 3.0, 7.0, 4.0], [9.0, 5.0, 11.0, 6.0], [13.0, 7.0, 15.0, 8.0]]> : tensor<4x4xf16>
  %i1 = stablehlo.constant dense<1> : tensor<i64>
  %i3 = stablehlo.constant dense<3> : tensor<i32>
  %neg = stablehlo.constant dense<-5> : tensor<i32>
  %u1 = stablehlo.constant dense<1> : tensor<ui32>
  %i1b = stablehlo.constant dense<1> : tensor<i32>
  %a = stablehlo.dynamic_slice %x, %i1b, %i3, sizes = [2, 2] : (tensor<4x4xf16>, tensor<i32>, tensor<i32>) -> tensor<2x2xf16>
  check.expect_eq_const %a, dense<[[7.0, 4.0], [11.0, 6.0]]> : tensor<2x2xf16>
  %b = stablehlo.dynamic_slice %x, %neg, %i1b, sizes = [3, 1] : (tensor<4x4xf16>, tensor<i32>, tensor<i32>) -> tensor<3x1xf16>
  check.expect_eq_const %b, dense<[[1.0], [3.0], [5.0]]> : tensor<3x1xf16>
  %c = "stablehlo.dynamic_slice"(%x, %i1, %i1) <{slice_sizes = array<i64: 2, 2>}> : (tensor<4x4xf16>, tensor<i64>, tensor<i64>) -> tensor<2x2xf16>
  check.expect_eq_const %c, dense<[[3.0, 7.0], [5.0, 11.0]]> : tensor<2x2xf16>
  %d = stablehlo.dynamic_slice %x, %u1, %u1, sizes = [1, 3] : (tensor<4x4xf16>, tensor<ui32>, tensor<ui32>) -> tensor<1x3xf16>
  check.expect_eq_const %d, dense<[[3.0, 7.0, 4.0]]> : tensor<1x3xf16>
  func.return
}

// -----

func.func @concatenate_f16() {
  %a = stablehlo.constant dense<[[1.0, 1.0, 3.0]]> : tensor<1x3xf16>
  %b = stablehlo.constant dense<[[2.0, 5.0, 3.0], [7.0, 4.0, 9.0]]> : tensor<2x3xf16>
  %c = stablehlo.constant dense<1.0> : tensor<2x1xf16>
  %r0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<1x3xf16>, tensor<2x3xf16>) -> tensor<3x3xf16>
  check.expect_eq_const %r0, dense<[[1.0, 1.0, 3.0], [2.0, 5.0, 3.0], [7.0, 4.0, 9.0]]> : tensor<3x3xf16>
  %r1 = stablehlo.concatenate %b, %c, %b, dim = 1 : (tensor<2x3xf16>, tensor<2x1xf16>, tensor<2x3xf16>) -> tensor<2x7xf16>
  check.expect_eq_const %r1, dense<[[2.0, 5.0, 3.0, 1.0, 2.0, 5.0, 3.0], [7.0, 4.0, 9.0, 1.0, 7.0, 4.0, 9.0]]> : tensor<2x7xf16>
  func.return
}

// -----

func.func @pad_f16() {
  %x = stablehlo.constant dense<[[1.0, 1.0, 3.0], [2.0, 5.0, 3.0]]> : tensor<2x3xf16>
  %zero = stablehlo.constant dense<0.0> : tensor<f16>
  %fill = stablehlo.constant dense<-1.0> : tensor<f16>
  %a = stablehlo.pad %x, %zero, low = [0, 1], high = [2, 1], interior = [1, 2] : (tensor<2x3xf16>, tensor<f16>) -> tensor<5x9xf16>
  check.expect_eq_const %a, dense<[[0.0, 1.0, 0.0, 0.0, 1.0, 0.0, 0.0, 3.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 2.0, 0.0, 0.0, 5.0, 0.0, 0.0, 3.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]]> : tensor<5x9xf16>
  %b = stablehlo.pad %x, %fill, low = [-1, 1], high = [1, -2], interior = [0, 1] : (tensor<2x3xf16>, tensor<f16>) -> tensor<2x4xf16>
  check.expect_eq_const %b, dense<[[-1.0, 2.0, -1.0, 5.0], [-1.0, -1.0, -1.0, -1.0]]> : tensor<2x4xf16>
  func.return
}

// -----

func.func @reverse_f16() {
  %x = stablehlo.constant dense<[[1.0, 1.0, 3.0], [2.0, 5.0, 3.0]]> : tensor<2x3xf16>
  %a = stablehlo.reverse %x, dims = [1] : tensor<2x3xf16>
  check.expect_eq_const %a, dense<[[3.0, 1.0, 1.0], [3.0, 5.0, 2.0]]> : tensor<2x3xf16>
  %b = stablehlo.reverse %x, dims = [0, 1] : tensor<2x3xf16>
  check.expect_eq_const %b, dense<[[3.0, 5.0, 2.0], [3.0, 1.0, 1.0]]> : tensor<2x3xf16>
  func.return
}

// -----

func.func @dot_general_f16() {
  %a = stablehlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf16>
  %b = stablehlo.constant dense<[[1.0, -1.0], [2.0, 0.0], [-2.0, 3.0]]> : tensor<3x2xf16>
  %mm = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xf16>, tensor<3x2xf16>) -> tensor<2x2xf16>
  check.expect_eq_const %mm, dense<[[-1.0, 8.0], [2.0, 14.0]]> : tensor<2x2xf16>
  %x = stablehlo.constant dense<[[[1.0, 0.0], [2.0, -1.0]], [[3.0, 1.0], [0.0, 2.0]]]> : tensor<2x2x2xf16>
  %y = stablehlo.constant dense<[[[2.0, 1.0], [0.0, 1.0]], [[1.0, 1.0], [3.0, 0.0]]]> : tensor<2x2x2xf16>
  %bmm = stablehlo.dot_general %x, %y, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x2x2xf16>, tensor<2x2x2xf16>) -> tensor<2x2x2xf16>
  check.expect_eq_const %bmm, dense<[[[2.0, 1.0], [4.0, 1.0]], [[6.0, 3.0], [6.0, 0.0]]]> : tensor<2x2x2xf16>
  %u = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf16>
  %v = stablehlo.constant dense<[1.0, -1.0, 2.0]> : tensor<3xf16>
  %dot = "stablehlo.dot_general"(%u, %v) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>}> : (tensor<3xf16>, tensor<3xf16>) -> tensor<f16>
  check.expect_eq_const %dot, dense<5.0> : tensor<f16>
  %b2 = stablehlo.reshape %b : (tensor<3x2xf16>) -> tensor<2x3xf16>
  %outer = stablehlo.dot_general %a, %b2, contracting_dims = [] x [] : (tensor<2x3xf16>, tensor<2x3xf16>) -> tensor<2x3x2x3xf16>
  check.expect_eq_const %outer, dense<[[[[1.0, -1.0, 2.0], [0.0, -2.0, 3.0]], [[2.0, -2.0, 4.0], [0.0, -4.0, 6.0]], [[3.0, -3.0, 6.0], [0.0, -6.0, 9.0]]], [[[4.0, -4.0, 8.0], [0.0, -8.0, 12.0]], [[5.0, -5.0, 10.0], [0.0, -10.0, 15.0]], [[6.0, -6.0, 12.0], [0.0, -12.0, 18.0]]]]> : tensor<2x3x2x3xf16>
  func.return
}

// -----

func.func @dot_general_transposed_f16() {
  %a = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf16>
  %b = stablehlo.constant dense<[[1.0, -1.0, 2.0], [0.0, -2.0, 3.0]]> : tensor<2x3xf16>
  %r = stablehlo.dot_general %a, %b, contracting_dims = [0] x [1] : (tensor<3x2xf16>, tensor<2x3xf16>) -> tensor<2x2xf16>
  check.expect_eq_const %r, dense<[[8.0, 9.0], [10.0, 10.0]]> : tensor<2x2xf16>
  func.return
}

// -----

func.func @convolution_f16() {
  %spec_lhs = stablehlo.constant dense<[[[[1.0], [2.0], [5.0], [6.0]], [[3.0], [4.0], [7.0], [8.0]], [[10.0], [11.0], [14.0], [15.0]], [[12.0], [13.0], [16.0], [17.0]]]]> : tensor<1x4x4x1xf16>
  %spec_rhs = stablehlo.constant dense<1.0> : tensor<3x3x1x1xf16>
  %spec = stablehlo.convolution(%spec_lhs, %spec_rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [4, 4], pad = [[0, 0], [0, 0]], lhs_dilate = [2, 2], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xf16>, tensor<3x3x1x1xf16>) -> tensor<1x2x2x1xf16>
  check.expect_eq_const %spec, dense<[[[[10.0], [26.0]], [[46.0], [62.0]]]]> : tensor<1x2x2x1xf16>
  %fwd_lhs = stablehlo.constant dense<[[[[1.0, -2.0, 0.0, 2.0], [-1.0, 1.0, -2.0, 0.0], [2.0, -1.0, 1.0, -2.0], [0.0, 2.0, -1.0, 1.0]], [[-2.0, 0.0, 2.0, -1.0], [1.0, -2.0, 0.0, 2.0], [-1.0, 1.0, -2.0, 0.0], [2.0, -1.0, 1.0, -2.0]]]]> : tensor<1x2x4x4xf16>
  %fwd_rhs = stablehlo.constant dense<[[[[1.0, -2.0, 0.0], [2.0, -1.0, 1.0], [-2.0, 0.0, 2.0]], [[-1.0, 1.0, -2.0], [0.0, 2.0, -1.0], [1.0, -2.0, 0.0]]], [[[2.0, -1.0, 1.0], [-2.0, 0.0, 2.0], [-1.0, 1.0, -2.0]], [[0.0, 2.0, -1.0], [1.0, -2.0, 0.0], [2.0, -1.0, 1.0]]]]> : tensor<2x2x3x3xf16>
  %fwd = stablehlo.convolution(%fwd_lhs, %fwd_rhs) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x2x4x4xf16>, tensor<2x2x3x3xf16>) -> tensor<1x2x2x2xf16>
  check.expect_eq_const %fwd, dense<[[[[-7.0, -1.0], [1.0, -11.0]], [[-6.0, -1.0], [-1.0, -5.0]]]]> : tensor<1x2x2x2xf16>
  %dil_lhs = stablehlo.constant dense<[[[[1.0, -2.0, 0.0, 2.0, -1.0], [1.0, -2.0, 0.0, 2.0, -1.0], [1.0, -2.0, 0.0, 2.0, -1.0], [1.0, -2.0, 0.0, 2.0, -1.0], [1.0, -2.0, 0.0, 2.0, -1.0]]], [[[1.0, -2.0, 0.0, 2.0, -1.0], [1.0, -2.0, 0.0, 2.0, -1.0], [1.0, -2.0, 0.0, 2.0, -1.0], [1.0, -2.0, 0.0, 2.0, -1.0], [1.0, -2.0, 0.0, 2.0, -1.0]]]]> : tensor<2x1x5x5xf16>
  %dil_rhs = stablehlo.constant dense<[[[[1.0, -2.0], [0.0, 2.0]]]]> : tensor<1x1x2x2xf16>
  %dil = stablehlo.convolution(%dil_lhs, %dil_rhs) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 1], [1, 0]], lhs_dilate = [1, 1], rhs_dilate = [2, 2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x1x5x5xf16>, tensor<1x1x2x2xf16>) -> tensor<2x1x4x4xf16>
  check.expect_eq_const %dil, dense<[[[[0.0, 1.0, -2.0, 0.0], [0.0, 1.0, -2.0, 0.0], [0.0, 1.0, -2.0, 0.0], [4.0, 1.0, -6.0, 2.0]]], [[[0.0, 1.0, -2.0, 0.0], [0.0, 1.0, -2.0, 0.0], [0.0, 1.0, -2.0, 0.0], [4.0, 1.0, -6.0, 2.0]]]]> : tensor<2x1x4x4xf16>
  %grp_lhs = stablehlo.constant dense<[[[[1.0, -2.0, 0.0], [2.0, -1.0, 1.0], [-2.0, 0.0, 2.0]], [[-1.0, 1.0, -2.0], [0.0, 2.0, -1.0], [1.0, -2.0, 0.0]], [[2.0, -1.0, 1.0], [-2.0, 0.0, 2.0], [-1.0, 1.0, -2.0]], [[0.0, 2.0, -1.0], [1.0, -2.0, 0.0], [2.0, -1.0, 1.0]]]]> : tensor<1x4x3x3xf16>
  %grp_rhs = stablehlo.constant dense<[[[[1.0, -2.0], [0.0, 2.0]], [[-1.0, 1.0], [-2.0, 0.0]]], [[[2.0, -1.0], [1.0, -2.0]], [[0.0, 2.0], [-1.0, 1.0]]]]> : tensor<2x2x2x2xf16>
  %grp = stablehlo.convolution(%grp_lhs, %grp_rhs) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x4x3x3xf16>, tensor<2x2x2x2xf16>) -> tensor<1x2x2x2xf16>
  check.expect_eq_const %grp, dense<[[[[5.0, -7.0], [4.0, 2.0]], [[4.0, -7.0], [-14.0, 5.0]]]]> : tensor<1x2x2x2xf16>
  %bgrp_lhs = stablehlo.constant dense<[[[[1.0, -2.0, 0.0], [2.0, -1.0, 1.0], [-2.0, 0.0, 2.0]]], [[[-1.0, 1.0, -2.0], [0.0, 2.0, -1.0], [1.0, -2.0, 0.0]]]]> : tensor<2x1x3x3xf16>
  %bgrp_rhs = stablehlo.constant dense<[[[[1.0, -2.0], [0.0, 2.0]]], [[[-1.0, 1.0], [-2.0, 0.0]]]]> : tensor<2x1x2x2xf16>
  %bgrp = stablehlo.convolution(%bgrp_lhs, %bgrp_rhs) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<2x1x3x3xf16>, tensor<2x1x2x2xf16>) -> tensor<1x2x2x2xf16>
  check.expect_eq_const %bgrp, dense<[[[[3.0, 0.0], [4.0, 1.0]], [[2.0, -7.0], [0.0, 1.0]]]]> : tensor<1x2x2x2xf16>
  func.return
}

// -----

func.func @convolution_generic_1d_f16() {
  %x = stablehlo.constant dense<[[[1.0, 2.0, 3.0, 4.0, 5.0]]]> : tensor<1x1x5xf16>
  %w = stablehlo.constant dense<[[[1.0, 0.5, -1.0]]]> : tensor<1x1x3xf16>
  %r = "stablehlo.convolution"(%x, %w) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, f, 0]x[o, i, 0]->[b, f, 0]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1>, padding = dense<1> : tensor<1x2xi64>, rhs_dilation = array<i64: 1>, window_strides = array<i64: 1>}> : (tensor<1x1x5xf16>, tensor<1x1x3xf16>) -> tensor<1x1x5xf16>
  check.expect_eq_const %r, dense<[[[-1.5, -1.0, -0.5, 0.0, 6.5]]]> : tensor<1x1x5xf16>
  func.return
}

// -----

func.func @convolution_backward_data_nhwc_f16() {
  %bwd_lhs = stablehlo.constant dense<[[[[-3.0, -2.0], [-1.0, 0.0], [1.0, 2.0]], [[3.0, -3.0], [-2.0, -1.0], [0.0, 1.0]], [[2.0, 3.0], [-3.0, -2.0], [-1.0, 0.0]]], [[[1.0, 2.0], [3.0, -3.0], [-2.0, -1.0]], [[0.0, 1.0], [2.0, 3.0], [-3.0, -2.0]], [[-1.0, 0.0], [1.0, 2.0], [3.0, -3.0]]]]> : tensor<2x3x3x2xf16>
  %bwd_rhs = stablehlo.constant dense<[[[[-2.0, -1.0], [0.0, 1.0]], [[2.0, -2.0], [-1.0, 0.0]], [[1.0, 2.0], [-2.0, -1.0]]], [[[0.0, 1.0], [2.0, -2.0]], [[-1.0, 0.0], [1.0, 2.0]], [[-2.0, -1.0], [0.0, 1.0]]], [[[2.0, -2.0], [-1.0, 0.0]], [[1.0, 2.0], [-2.0, -1.0]], [[0.0, 1.0], [2.0, -2.0]]]]> : tensor<3x3x2x2xf16>
  %bwd = stablehlo.convolution(%bwd_lhs, %bwd_rhs) dim_numbers = [b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[2, 2], [2, 2]], lhs_dilate = [2, 2], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x3x3x2xf16>, tensor<3x3x2x2xf16>) -> tensor<2x7x7x2xf16>
  check.expect_eq_const %bwd, dense<[[[[-2.0, -2.0], [-7.0, 8.0], [-2.0, 1.0], [-1.0, 2.0], [0.0, -1.0], [5.0, -4.0], [-2.0, -1.0]], [[8.0, -2.0], [3.0, -7.0], [0.0, -2.0], [1.0, -1.0], [-4.0, 0.0], [-1.0, 5.0], [2.0, -2.0]], [[-10.0, 20.0], [-5.0, 0.0], [18.0, -5.0], [-6.0, 6.0], [6.0, -4.0], [0.0, -2.0], [-6.0, 2.0]], [[-3.0, -3.0], [-3.0, -3.0], [2.0, 11.0], [2.0, -4.0], [-2.0, -1.0], [0.0, 2.0], [1.0, -2.0]], [[0.0, -5.0], [20.0, -10.0], [-11.0, -2.0], [-9.0, 10.0], [5.0, -1.0], [-3.0, 2.0], [-3.0, 2.0]], [[-7.0, 3.0], [-2.0, 8.0], [11.0, -4.0], [3.0, -7.0], [0.0, -2.0], [1.0, -1.0], [0.0, -2.0]], [[8.0, -7.0], [-2.0, -2.0], [-14.0, 11.0], [-2.0, 3.0], [7.0, 0.0], [-2.0, 1.0], [2.0, 0.0]]], [[[2.0, -2.0], [5.0, -4.0], [-5.0, 11.0], [-3.0, -3.0], [11.0, -5.0], [-4.0, 5.0], [-2.0, 2.0]], [[-4.0, 2.0], [-1.0, 5.0], [-1.0, -5.0], [-3.0, -3.0], [2.0, 11.0], [2.0, -4.0], [-1.0, -2.0]], [[6.0, -6.0], [0.0, -2.0], [-6.0, -3.0], [20.0, -10.0], [-11.0, -2.0], [-9.0, 10.0], [3.0, 2.0]], [[-1.0, 1.0], [0.0, 2.0], [-6.0, 1.0], [-2.0, 8.0], [11.0, -4.0], [3.0, -7.0], [-2.0, -2.0]], [[2.0, -3.0], [-3.0, 2.0], [7.0, -7.0], [3.0, -6.0], [-19.0, 22.0], [-5.0, 0.0], [20.0, -5.0]], [[2.0, 0.0], [1.0, -1.0], [-4.0, 0.0], [-1.0, 5.0], [-1.0, -5.0], [-3.0, -3.0], [-3.0, 12.0]], [[-1.0, 2.0], [-2.0, 1.0], [7.0, -4.0], [-2.0, -1.0], [-7.0, -1.0], [12.0, -3.0], [-3.0, -3.0]]]]> : tensor<2x7x7x2xf16>
  func.return
}

// -----

func.func @reduce_f16() {
  %x = stablehlo.constant dense<[[1.0, 1.0, 3.0], [2.0, 5.0, 3.0]]> : tensor<2x3xf16>
  %init = stablehlo.constant dense<0.0> : tensor<f16>
  %low = stablehlo.constant dense<-6.0e+04> : tensor<f16>
  %r1 = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf16>, tensor<f16>) -> tensor<2xf16>
  check.expect_eq_const %r1, dense<[5.0, 10.0]> : tensor<2xf16>
  %r0 = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [0] : (tensor<2x3xf16>, tensor<f16>) -> tensor<3xf16>
  check.expect_eq_const %r0, dense<[3.0, 6.0, 6.0]> : tensor<3xf16>
  %all = "stablehlo.reduce"(%x, %init) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%a: tensor<f16>, %b: tensor<f16>):
    %s = stablehlo.add %a, %b : tensor<f16>
    stablehlo.return %s : tensor<f16>
  }) : (tensor<2x3xf16>, tensor<f16>) -> tensor<f16>
  check.expect_eq_const %all, dense<15.0> : tensor<f16>
  %mx = stablehlo.reduce(%x init: %low) applies stablehlo.maximum across dimensions = [1] : (tensor<2x3xf16>, tensor<f16>) -> tensor<2xf16>
  check.expect_eq_const %mx, dense<[3.0, 5.0]> : tensor<2xf16>
  func.return
}

// -----

func.func @reduce_variadic_argmax_f16() {
  %x = stablehlo.constant dense<[[1.0, 5.0, 3.0], [7.0, -2.0, 7.0]]> : tensor<2x3xf16>
  %i = stablehlo.iota dim = 1 : tensor<2x3xi32>
  %ninf = stablehlo.constant dense<0xFC00> : tensor<f16>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.reduce(%x init: %ninf), (%i init: %zero) across dimensions = [1] : (tensor<2x3xf16>, tensor<2x3xi32>, tensor<f16>, tensor<i32>) -> (tensor<2xf16>, tensor<2xi32>)
   reducer(%a: tensor<f16>, %c: tensor<f16>) (%b: tensor<i32>, %d: tensor<i32>)  {
    %gt = stablehlo.compare  GT, %a, %c,  FLOAT : (tensor<f16>, tensor<f16>) -> tensor<i1>
    %eq = stablehlo.compare  EQ, %a, %c,  FLOAT : (tensor<f16>, tensor<f16>) -> tensor<i1>
    %lt = stablehlo.compare  LT, %b, %d,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %tie = stablehlo.and %eq, %lt : tensor<i1>
    %keep = stablehlo.or %gt, %tie : tensor<i1>
    %v = stablehlo.select %keep, %a, %c : tensor<i1>, tensor<f16>
    %j = stablehlo.select %keep, %b, %d : tensor<i1>, tensor<i32>
    stablehlo.return %v, %j : tensor<f16>, tensor<i32>
  }
  check.expect_eq_const %r#0, dense<[5.0, 7.0]> : tensor<2xf16>
  check.expect_eq_const %r#1, dense<[1, 0]> : tensor<2xi32>
  func.return
}

// -----

func.func @reduce_window_f16() {
  %x = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf16>
  %init = stablehlo.constant dense<0.0> : tensor<f16>
  %y = stablehlo.constant dense<[[1.0, 1.0, 3.0, 2.0], [5.0, 3.0, 7.0, 4.0], [9.0, 5.0, 11.0, 6.0], [13.0, 7.0, 15.0, 8.0]]> : tensor<4x4xf16>
  %a = "stablehlo.reduce_window"(%x, %init) <{base_dilations = array<i64: 2, 1>, padding = dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 3, 1>, window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 4, 1>}> ({
  ^bb0(%a: tensor<f16>, %b: tensor<f16>):
    %s = stablehlo.add %a, %b : tensor<f16>
    stablehlo.return %s : tensor<f16>
  }) : (tensor<3x2xf16>, tensor<f16>) -> tensor<2x2xf16>
  check.expect_eq_const %a, dense<[[0.0, 0.0], [3.0, 4.0]]> : tensor<2x2xf16>
  %b = "stablehlo.reduce_window"(%y, %init) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f16>, %b: tensor<f16>):
    %s = stablehlo.add %a, %b : tensor<f16>
    stablehlo.return %s : tensor<f16>
  }) : (tensor<4x4xf16>, tensor<f16>) -> tensor<2x2xf16>
  check.expect_eq_const %b, dense<[[10.0, 16.0], [34.0, 40.0]]> : tensor<2x2xf16>
  %c = "stablehlo.reduce_window"(%y, %init) <{padding = dense<[[1, 1], [1, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 3>, window_strides = array<i64: 1, 2>}> ({
  ^bb0(%a: tensor<f16>, %b: tensor<f16>):
    %s = stablehlo.add %a, %b : tensor<f16>
    stablehlo.return %s : tensor<f16>
  }) : (tensor<4x4xf16>, tensor<f16>) -> tensor<4x2xf16>
  check.expect_eq_const %c, dense<[[10.0, 20.0], [24.0, 42.0], [42.0, 66.0], [34.0, 52.0]]> : tensor<4x2xf16>
  %low = stablehlo.constant dense<-6.0e+04> : tensor<f16>
  %d = "stablehlo.reduce_window"(%y, %low) <{padding = dense<[[1, 1], [1, 1]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 3>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f16>, %b: tensor<f16>):
    %s = stablehlo.maximum %a, %b : tensor<f16>
    stablehlo.return %s : tensor<f16>
  }) : (tensor<4x4xf16>, tensor<f16>) -> tensor<2x2xf16>
  check.expect_eq_const %d, dense<[[5.0, 7.0], [13.0, 15.0]]> : tensor<2x2xf16>
  func.return
}

// -----

func.func @select_and_scatter_f16() {
  %x = stablehlo.constant dense<[[1.0, 5.0], [2.0, 5.0], [3.0, 6.0], [4.0, 4.0]]> : tensor<4x2xf16>
  %src = stablehlo.constant dense<[[5.0, 6.0], [7.0, 8.0]]> : tensor<2x2xf16>
  %init = stablehlo.constant dense<0.0> : tensor<f16>
  %a = "stablehlo.select_and_scatter"(%x, %src, %init) <{padding = dense<[[0, 1], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 1>, window_strides = array<i64: 2, 1>}> ({
  ^bb0(%a: tensor<f16>, %b: tensor<f16>):
    %c = stablehlo.compare GE, %a, %b, FLOAT : (tensor<f16>, tensor<f16>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<f16>, %b: tensor<f16>):
    %c = stablehlo.add %a, %b : tensor<f16>
    stablehlo.return %c : tensor<f16>
  }) : (tensor<4x2xf16>, tensor<2x2xf16>, tensor<f16>) -> tensor<4x2xf16>
  check.expect_eq_const %a, dense<[[0.0, 0.0], [0.0, 0.0], [5.0, 14.0], [7.0, 0.0]]> : tensor<4x2xf16>
  %y = stablehlo.constant dense<[[3.0, 1.0, 4.0, 1.0], [5.0, 9.0, 2.0, 6.0], [5.0, 3.0, 5.0, 8.0], [9.0, 7.0, 9.0, 3.0]]> : tensor<4x4xf16>
  %ysrc = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf16>
  %b = "stablehlo.select_and_scatter"(%y, %ysrc, %init) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f16>, %b: tensor<f16>):
    %c = stablehlo.compare GE, %a, %b, FLOAT : (tensor<f16>, tensor<f16>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<f16>, %b: tensor<f16>):
    %c = stablehlo.add %a, %b : tensor<f16>
    stablehlo.return %c : tensor<f16>
  }) : (tensor<4x4xf16>, tensor<2x2xf16>, tensor<f16>) -> tensor<4x4xf16>
  check.expect_eq_const %b, dense<[[0.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 2.0], [0.0, 0.0, 0.0, 0.0], [3.0, 0.0, 4.0, 0.0]]> : tensor<4x4xf16>
  func.return
}
