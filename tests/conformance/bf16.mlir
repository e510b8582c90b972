// bf16 (8 significant bits, f32's exponent range) through every op of the subset. Results are
// rounded to nearest even once per op (the spec's semantics); the cases on rounding, overflow and
// NaN come first, then the data-movement, comparison, contraction and window ops on values every
// intermediate of which is exact in bf16. Expected values are worked out by hand (exact rational
// arithmetic, then rounding), independently of hlotrain's code.

func.func @constant_forms_bf16() {
  %list = stablehlo.constant dense<[1.0, -2.0, 0.5, 3.0e+02]> : tensor<4xbf16>
  check.expect_eq_const %list, dense<"0x803F00C0003F9643"> : tensor<4xbf16>
  %splat = stablehlo.constant dense<1.5> : tensor<2x2xbf16>
  check.expect_eq_const %splat, dense<[[1.5, 1.5], [1.5, 1.5]]> : tensor<2x2xbf16>
  %hex_splat = stablehlo.constant dense<"0xC03F"> : tensor<3xbf16>
  check.expect_eq_const %hex_splat, dense<1.5> : tensor<3xbf16>
  %bits = stablehlo.constant dense<[0x3F80, 0x7F80, 0xFF80, 0x8000]> : tensor<4xbf16>
  %values = stablehlo.constant dense<"0x803F807F80FF0080"> : tensor<4xbf16>
  check.expect_eq %bits, %values : tensor<4xbf16>
  %nan = stablehlo.constant dense<0x7FC0> : tensor<bf16>
  %nan_bytes = stablehlo.constant dense<"0xC07F"> : tensor<bf16>
  check.expect_eq %nan, %nan_bytes : tensor<bf16>
  %rounded = stablehlo.constant dense<[0.1, 1.00390625, 1.01171875, 3.4e+38]> : tensor<4xbf16>
  check.expect_eq_const %rounded, dense<[0x3DCD, 0x3F80, 0x3F82, 0x7F80]> : tensor<4xbf16>
  %ints = stablehlo.constant dense<[3, -257]> : tensor<2xbf16>
  check.expect_eq_const %ints, dense<[3.0, -256.0]> : tensor<2xbf16>
  %generic = "stablehlo.constant"() <{value = dense<[2.5, -0.0]> : tensor<2xbf16>}> : () -> tensor<2xbf16>
  check.expect_eq_const %generic, dense<[0x4020, 0x8000]> : tensor<2xbf16>
  %empty = stablehlo.constant dense<> : tensor<0xbf16>
  check.expect_eq_const %empty, dense<> : tensor<0xbf16>
  func.return
}

// -----

// bf16 keeps 8 significant bits: 1 + 2^-8 lies halfway between 1 and 1 + 2^-7 and rounds to the
// even 1; 1 + 3 * 2^-8 lies halfway between 1 + 2^-7 and 1 + 2^-6 and rounds to the even 1 + 2^-6;
// 256 + 1 rounds to 256 (the ulp there is 2).
func.func @add_bf16() {
  %lhs = stablehlo.constant dense<[1.0, 1.0, 256.0, -1.5, 0.1]> : tensor<5xbf16>
  %rhs = stablehlo.constant dense<[0.00390625, 0.01171875, 1.0, 0.25, 0.2]> : tensor<5xbf16>
  %result = stablehlo.add %lhs, %rhs : tensor<5xbf16>
  check.expect_eq_const %result, dense<[1.0, 1.015625, 256.0, -1.25, 0.30078125]> : tensor<5xbf16>
  func.return
}

// -----

func.func @subtract_multiply_divide_bf16() {
  %a = stablehlo.constant dense<[1.0, 1.1015625, 1.0, 3.0e+38]> : tensor<4xbf16>
  %b = stablehlo.constant dense<[0.00390625, 1.1015625, 3.0, 3.0e+38]> : tensor<4xbf16>
  %sub = stablehlo.subtract %a, %b : tensor<4xbf16>
  check.expect_eq_const %sub, dense<[0.99609375, 0.0, -2.0, 0.0]> : tensor<4xbf16>
  %mul = stablehlo.multiply %a, %b : tensor<4xbf16>
  check.expect_eq_const %mul, dense<[0.00390625, 1.2109375, 3.0, 0x7F80]> : tensor<4xbf16>
  %div = stablehlo.divide %a, %b : tensor<4xbf16>
  check.expect_eq_const %div, dense<[256.0, 1.0, 0.333984375, 1.0]> : tensor<4xbf16>
  %ten = stablehlo.constant dense<10.0> : tensor<bf16>
  %three = stablehlo.constant dense<3.0> : tensor<bf16>
  %q = stablehlo.divide %ten, %three : tensor<bf16>
  check.expect_eq_const %q, dense<3.328125> : tensor<bf16>
  func.return
}

// -----

func.func @remainder_maximum_minimum_power_bf16() {
  %a = stablehlo.constant dense<[7.5, -7.5, 0x7FC0, -0.0]> : tensor<4xbf16>
  %b = stablehlo.constant dense<[2.0, 2.0, 1.0, 0.0]> : tensor<4xbf16>
  %rem = stablehlo.remainder %a, %b : tensor<4xbf16>
  check.expect_eq_const %rem, dense<[1.5, -1.5, 0x7FC0, 0x7FC0]> : tensor<4xbf16>
  %max = stablehlo.maximum %a, %b : tensor<4xbf16>
  check.expect_eq_const %max, dense<[7.5, 2.0, 0x7FC0, 0.0]> : tensor<4xbf16>
  %min = stablehlo.minimum %a, %b : tensor<4xbf16>
  check.expect_eq_const %min, dense<[2.0, -7.5, 0x7FC0, -0.0]> : tensor<4xbf16>
  %base = stablehlo.constant dense<[1.5, 2.0, -2.0]> : tensor<3xbf16>
  %exp = stablehlo.constant dense<[3.0, 0.5, 3.0]> : tensor<3xbf16>
  %pow = stablehlo.power %base, %exp : tensor<3xbf16>
  check.expect_eq_const %pow, dense<[3.375, 1.4140625, -8.0]> : tensor<3xbf16>
  func.return
}

// -----

// Exact ops compare exactly; the transcendental ones, rounded once from f64's result, within bf16's
// half ulp near 1 (2^-8).
func.func @unary_bf16() {
  %x = stablehlo.constant dense<[-1.5, 0.0, 2.0, 0x7FC0]> : tensor<4xbf16>
  %neg = stablehlo.negate %x : tensor<4xbf16>
  check.expect_eq_const %neg, dense<[1.5, -0.0, -2.0, 0xFFC0]> : tensor<4xbf16>
  %abs = stablehlo.abs %x : tensor<4xbf16>
  check.expect_eq_const %abs, dense<[1.5, 0.0, 2.0, 0x7FC0]> : tensor<4xbf16>
  %sign = stablehlo.sign %x : tensor<4xbf16>
  check.expect_eq_const %sign, dense<[-1.0, 0.0, 1.0, 0x7FC0]> : tensor<4xbf16>
  %one = stablehlo.constant dense<[1.0, -1.0]> : tensor<2xbf16>
  %e = stablehlo.exponential %one : tensor<2xbf16>
  check.expect_almost_eq_const %e, dense<[2.71875, 0.3671875]> : tensor<2xbf16> {tolerance = 3.906250e-03 : f64}
  %three = stablehlo.constant dense<[3.0, 0.5]> : tensor<2xbf16>
  %ln = stablehlo.log %three : tensor<2xbf16>
  check.expect_almost_eq_const %ln, dense<[1.1015625, -0.69140625]> : tensor<2xbf16> {tolerance = 3.906250e-03 : f64}
  %l1p = stablehlo.log_plus_one %three : tensor<2xbf16>
  check.expect_almost_eq_const %l1p, dense<[1.3828125, 0.40625]> : tensor<2xbf16> {tolerance = 3.906250e-03 : f64}
  %two = stablehlo.constant dense<[2.0, 4.0, 0.0, -1.0]> : tensor<4xbf16>
  %sqrt = stablehlo.sqrt %two : tensor<4xbf16>
  check.expect_eq_const %sqrt, dense<[1.4140625, 2.0, 0.0, 0xFFC0]> : tensor<4xbf16>
  %rsqrt = stablehlo.rsqrt %two : tensor<4xbf16>
  check.expect_almost_eq_const %rsqrt, dense<[0.70703125, 0.5, 0x7F80, 0xFFC0]> : tensor<4xbf16> {tolerance = 3.906250e-03 : f64}
  %half = stablehlo.constant dense<[0.5, 1.0]> : tensor<2xbf16>
  %tanh = stablehlo.tanh %half : tensor<2xbf16>
  check.expect_almost_eq_const %tanh, dense<[0.462890625, 0.76171875]> : tensor<2xbf16> {tolerance = 3.906250e-03 : f64}
  %logistic = stablehlo.logistic %half : tensor<2xbf16>
  check.expect_almost_eq_const %logistic, dense<[0.62109375, 0.73046875]> : tensor<2xbf16> {tolerance = 3.906250e-03 : f64}
  func.return
}

// -----

// f32 -> bf16 rounds to nearest even from the exact f32 value: 1 + 2^-8 is a tie (to 1),
// 1 + 2^-8 + 2^-23 is above it (to 1 + 2^-7); f32's largest finite value overflows to inf; NaN
// stays NaN. bf16 -> f32 and f64 are exact.
func.func @convert_float_bf16() {
  %f = stablehlo.constant dense<[1.00390625, 0x3F808001, 0x7F7FFFFF, 0xFF800000, 0x7FC00000, -2.5]> : tensor<6xf32>
  %b = stablehlo.convert %f : (tensor<6xf32>) -> tensor<6xbf16>
  check.expect_eq_const %b, dense<[1.0, 1.0078125, 0x7F80, 0xFF80, 0x7FC0, -2.5]> : tensor<6xbf16>
  %back = stablehlo.convert %b : (tensor<6xbf16>) -> tensor<6xf32>
  check.expect_eq_const %back, dense<[1.0, 1.0078125, 0x7F800000, 0xFF800000, 0x7FC00000, -2.5]> : tensor<6xf32>
  %d = stablehlo.constant dense<[1.0e-40, 0.1]> : tensor<2xf64>
  %db = stablehlo.convert %d : (tensor<2xf64>) -> tensor<2xbf16>
  check.expect_eq_const %db, dense<[0x0001, 0x3DCD]> : tensor<2xbf16>
  %wide = stablehlo.convert %db : (tensor<2xbf16>) -> tensor<2xf64>
  check.expect_eq_const %wide, dense<[9.183549615799121E-41, 0.10009765625]> : tensor<2xf64>
  %big = stablehlo.constant dense<[65536.0, 1.0e-07, -3.0]> : tensor<3xbf16>
  %h = stablehlo.convert %big : (tensor<3xbf16>) -> tensor<3xf16>
  check.expect_eq_const %h, dense<[0x7C00, 0x0002, -3.0]> : tensor<3xf16>
  func.return
}

// -----

// Integers round once from their exact value: 257 -> 256 and 259 -> 260 (ties to even), and
// 2^60 + 2^52 + 1 -> 2^60 + 2^53 (just above a tie, which a detour through f64 would lose).
// bf16 -> integers truncate toward zero, saturate, and take NaN to 0.
func.func @convert_integer_bf16() {
  %i = stablehlo.constant dense<[257, 259, -7, 0]> : tensor<4xi32>
  %ib = stablehlo.convert %i : (tensor<4xi32>) -> tensor<4xbf16>
  check.expect_eq_const %ib, dense<[256.0, 260.0, -7.0, 0.0]> : tensor<4xbf16>
  %u = stablehlo.constant dense<1157425104234217473> : tensor<ui64>
  %ub = stablehlo.convert %u : (tensor<ui64>) -> tensor<bf16>
  check.expect_eq_const %ub, dense<0x5D81> : tensor<bf16>
  %x = stablehlo.constant dense<[-2.75, 2.75, 3.0e+10, -3.0e+10, 0x7FC0]> : tensor<5xbf16>
  %xi = stablehlo.convert %x : (tensor<5xbf16>) -> tensor<5xi32>
  check.expect_eq_const %xi, dense<[-2, 2, 2147483647, -2147483648, 0]> : tensor<5xi32>
  %xu = stablehlo.convert %x : (tensor<5xbf16>) -> tensor<5xui8>
  check.expect_eq_const %xu, dense<[0, 2, 255, 0, 0]> : tensor<5xui8>
  %p = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  %pb = stablehlo.convert %p : (tensor<2xi1>) -> tensor<2xbf16>
  check.expect_eq_const %pb, dense<[1.0, 0.0]> : tensor<2xbf16>
  %bp = stablehlo.convert %x : (tensor<5xbf16>) -> tensor<5xi1>
  check.expect_eq_const %bp, dense<[true, true, true, true, true]> : tensor<5xi1>
  func.return
}

// -----

// Every check convention on bf16: an exact pair, a tolerance, ULP distances, the custom_call
// forms JAX writes.
func.func @checks_bf16() {
  %a = stablehlo.constant dense<[1.0, 0x7FC0, -0.0]> : tensor<3xbf16>
  %b = stablehlo.constant dense<[1.0, 0x7FC1, -0.0]> : tensor<3xbf16>
  check.expect_eq %a, %b : tensor<3xbf16>
  %c = stablehlo.constant dense<[1.0078125, 0x7FC0, 0.0]> : tensor<3xbf16>
  check.expect_almost_eq %a, %c, tolerance = 1.000000e-02 : tensor<3xbf16>
  check.expect_close %a, %c, max_ulp_difference = 1 : tensor<3xbf16>, tensor<3xbf16>
  stablehlo.custom_call @check.expect_close(%a, %c) {has_side_effect = true} : (tensor<3xbf16>, tensor<3xbf16>) -> ()
  stablehlo.custom_call @check.expect_almost_eq(%a, %a) {has_side_effect = true} : (tensor<3xbf16>, tensor<3xbf16>) -> ()
  "stablehlo.custom_call"(%a, %b) <{call_target_name = "check.expect_eq", has_side_effect = true}> : (tensor<3xbf16>, tensor<3xbf16>) -> ()
  check.expect_almost_eq_const %c, dense<[1.0, 0x7FC0, 0.0]> : tensor<3xbf16> {tolerance = 1.000000e-02 : f64}
  func.return
}

// -----

// dot_general and convolution take their products and sums at a higher precision and round once
// per result element (as XLA and oneDNN do): 1 + 0.00390625 + 0.00390625 is exact there and then representable.
func.func @contractions_round_once_bf16() {
  %l = stablehlo.constant dense<[[1.0, 0.00390625, 0.00390625]]> : tensor<1x3xbf16>
  %r = stablehlo.constant dense<1.0> : tensor<3x1xbf16>
  %dot = stablehlo.dot_general %l, %r, contracting_dims = [1] x [0] : (tensor<1x3xbf16>, tensor<3x1xbf16>) -> tensor<1x1xbf16>
  check.expect_eq_const %dot, dense<1.0078125> : tensor<1x1xbf16>
  %x = stablehlo.reshape %l : (tensor<1x3xbf16>) -> tensor<1x1x3xbf16>
  %k = stablehlo.constant dense<1.0> : tensor<1x1x3xbf16>
  %conv = stablehlo.convolution(%x, %k) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {stride = [1], pad = [[0, 0]], lhs_dilate = [1], rhs_dilate = [1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x1x3xbf16>, tensor<1x1x3xbf16>) -> tensor<1x1x1xbf16>
  check.expect_eq_const %conv, dense<1.0078125> : tensor<1x1x1xbf16>
  func.return
}

// -----

func.func @call_bf16() {
  %a = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xbf16>
  %r = func.call @twice(%a) : (tensor<2xbf16>) -> tensor<2xbf16>
  check.expect_eq_const %r, dense<[2.0, 4.0]> : tensor<2xbf16>
  func.return
}
func.func private @twice(%x: tensor<2xbf16>) -> tensor<2xbf16> {
  %r = stablehlo.add %x, %x : tensor<2xbf16>
  func.return %r : tensor<2xbf16>
}

// -----

func.func @iota_bf16() {
  %d0 = stablehlo.iota dim = 0 : tensor<4x2xbf16>
  check.expect_eq_const %d0, dense<[[0.0, 0.0], [1.0, 1.0], [2.0, 2.0], [3.0, 3.0]]> : tensor<4x2xbf16>
  %d1 = stablehlo.iota dim = 1 : tensor<4x2xbf16>
  check.expect_eq_const %d1, dense<[[0.0, 1.0], [0.0, 1.0], [0.0, 1.0], [0.0, 1.0]]> : tensor<4x2xbf16>
  %g = "stablehlo.iota"() <{iota_dimension = 0 : i64}> : () -> tensor<3xbf16>
  check.expect_eq_const %g, dense<[0.0, 1.0, 2.0]> : tensor<3xbf16>
  func.return
}

// -----

func.func @select_bf16() {
  %pred = stablehlo.constant dense<[true, false, true, false]> : tensor<4xi1>
  %on_true = stablehlo.constant dense<[1.5, -2.0, 3.25, 4.0]> : tensor<4xbf16>
  %on_false = stablehlo.constant dense<[-5.0, 6.5, -7.0, 8.0]> : tensor<4xbf16>
  %result = stablehlo.select %pred, %on_true, %on_false : tensor<4xi1>, tensor<4xbf16>
  check.expect_eq_const %result, dense<[1.5, 6.5, 3.25, 8.0]> : tensor<4xbf16>
  func.return
}

// -----

func.func @select_scalar_pred_bf16() {
  %pred = stablehlo.constant dense<false> : tensor<i1>
  %on_true = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xbf16>
  %on_false = stablehlo.constant dense<[3.0, 4.0]> : tensor<2xbf16>
  %result = stablehlo.select %pred, %on_true, %on_false : (tensor<i1>, tensor<2xbf16>, tensor<2xbf16>) -> tensor<2xbf16>
  check.expect_eq_const %result, dense<[3.0, 4.0]> : tensor<2xbf16>
  func.return
}

// -----

func.func @clamp_bf16() {
  %min = stablehlo.constant dense<-1.0> : tensor<bf16>
  %operand = stablehlo.constant dense<[-1.5, 0.0, 2.25, 1000.0]> : tensor<4xbf16>
  %max = stablehlo.constant dense<2.0> : tensor<bf16>
  %result = stablehlo.clamp %min, %operand, %max : (tensor<bf16>, tensor<4xbf16>, tensor<bf16>) -> tensor<4xbf16>
  check.expect_eq_const %result, dense<[-1.0, 0.0, 2.0, 2.0]> : tensor<4xbf16>
  func.return
}

// -----

func.func @compare_bf16() {
  %lhs = stablehlo.constant dense<[-1.5, 0.0, 2.25, 7.0]> : tensor<4xbf16>
  %rhs = stablehlo.constant dense<[0.5, 0.0, -4.0, 7.5]> : tensor<4xbf16>
  %eq = stablehlo.compare  EQ, %lhs, %rhs,  FLOAT : (tensor<4xbf16>, tensor<4xbf16>) -> tensor<4xi1>
  check.expect_eq_const %eq, dense<[false, true, false, false]> : tensor<4xi1>
  %ne = stablehlo.compare  NE, %lhs, %rhs,  FLOAT : (tensor<4xbf16>, tensor<4xbf16>) -> tensor<4xi1>
  check.expect_eq_const %ne, dense<[true, false, true, true]> : tensor<4xi1>
  %ge = stablehlo.compare  GE, %lhs, %rhs,  FLOAT : (tensor<4xbf16>, tensor<4xbf16>) -> tensor<4xi1>
  check.expect_eq_const %ge, dense<[false, true, true, false]> : tensor<4xi1>
  %gt = stablehlo.compare  GT, %lhs, %rhs,  FLOAT : (tensor<4xbf16>, tensor<4xbf16>) -> tensor<4xi1>
  check.expect_eq_const %gt, dense<[false, false, true, false]> : tensor<4xi1>
  %le = stablehlo.compare  LE, %lhs, %rhs,  FLOAT : (tensor<4xbf16>, tensor<4xbf16>) -> tensor<4xi1>
  check.expect_eq_const %le, dense<[true, true, false, true]> : tensor<4xi1>
  %lt = stablehlo.compare  LT, %lhs, %rhs,  FLOAT : (tensor<4xbf16>, tensor<4xbf16>) -> tensor<4xi1>
  check.expect_eq_const %lt, dense<[true, false, false, true]> : tensor<4xi1>
  func.return
}

// -----

func.func @compare_float_nan_and_zeros_bf16() {
  %nan = stablehlo.constant dense<"0xC07F"> : tensor<bf16>
  %one = stablehlo.constant dense<1.0> : tensor<bf16>
  %nz = stablehlo.constant dense<-0.0> : tensor<bf16>
  %pz = stablehlo.constant dense<0.0> : tensor<bf16>
  %eq_nan = stablehlo.compare EQ, %nan, %one, FLOAT : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
  check.expect_eq_const %eq_nan, dense<false> : tensor<i1>
  %eq_zero = stablehlo.compare EQ, %nz, %pz, FLOAT : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
  check.expect_eq_const %eq_zero, dense<true> : tensor<i1>
  %ne_nan = stablehlo.compare NE, %nan, %one, FLOAT : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
  check.expect_eq_const %ne_nan, dense<true> : tensor<i1>
  %ne_zero = stablehlo.compare NE, %nz, %pz, FLOAT : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
  check.expect_eq_const %ne_zero, dense<false> : tensor<i1>
  %lt_nan = stablehlo.compare LT, %nan, %one, FLOAT : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
  check.expect_eq_const %lt_nan, dense<false> : tensor<i1>
  %lt_zero = stablehlo.compare LT, %nz, %pz, FLOAT : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
  check.expect_eq_const %lt_zero, dense<false> : tensor<i1>
  %gt_nan = stablehlo.compare GT, %nan, %one, FLOAT : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
  check.expect_eq_const %gt_nan, dense<false> : tensor<i1>
  %gt_zero = stablehlo.compare GT, %nz, %pz, FLOAT : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
  check.expect_eq_const %gt_zero, dense<false> : tensor<i1>
  func.return
}

// -----

func.func @compare_totalorder_nan_and_zeros_bf16() {
  %nan = stablehlo.constant dense<"0xC07F"> : tensor<bf16>
  %one = stablehlo.constant dense<1.0> : tensor<bf16>
  %nz = stablehlo.constant dense<-0.0> : tensor<bf16>
  %pz = stablehlo.constant dense<0.0> : tensor<bf16>
  %eq_nan = stablehlo.compare EQ, %nan, %one, TOTALORDER : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
  check.expect_eq_const %eq_nan, dense<false> : tensor<i1>
  %eq_zero = stablehlo.compare EQ, %nz, %pz, TOTALORDER : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
  check.expect_eq_const %eq_zero, dense<false> : tensor<i1>
  %ne_nan = stablehlo.compare NE, %nan, %one, TOTALORDER : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
  check.expect_eq_const %ne_nan, dense<true> : tensor<i1>
  %ne_zero = stablehlo.compare NE, %nz, %pz, TOTALORDER : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
  check.expect_eq_const %ne_zero, dense<true> : tensor<i1>
  %lt_nan = stablehlo.compare LT, %nan, %one, TOTALORDER : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
  check.expect_eq_const %lt_nan, dense<false> : tensor<i1>
  %lt_zero = stablehlo.compare LT, %nz, %pz, TOTALORDER : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
  check.expect_eq_const %lt_zero, dense<true> : tensor<i1>
  %gt_nan = stablehlo.compare GT, %nan, %one, TOTALORDER : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
  check.expect_eq_const %gt_nan, dense<true> : tensor<i1>
  %gt_zero = stablehlo.compare GT, %nz, %pz, TOTALORDER : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
  check.expect_eq_const %gt_zero, dense<false> : tensor<i1>
  func.return
}

// -----

func.func @broadcast_in_dim_bf16() {
  %x = stablehlo.constant dense<[1.0, 1.0, 3.0]> : tensor<3xbf16>
  %y = stablehlo.constant dense<[[3.0, 1.0, 1.0]]> : tensor<1x3xbf16>
  %a = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<3xbf16>) -> tensor<2x3xbf16>
  check.expect_eq_const %a, dense<[[1.0, 1.0, 3.0], [1.0, 1.0, 3.0]]> : tensor<2x3xbf16>
  %b = stablehlo.broadcast_in_dim %y, dims = [0, 2] : (tensor<1x3xbf16>) -> tensor<2x2x3xbf16>
  check.expect_eq_const %b, dense<[[[3.0, 1.0, 1.0], [3.0, 1.0, 1.0]], [[3.0, 1.0, 1.0], [3.0, 1.0, 1.0]]]> : tensor<2x2x3xbf16>
  %c = stablehlo.broadcast_in_dim %x, dims = [0] : (tensor<3xbf16>) -> tensor<3xbf16>
  check.expect_eq_const %c, dense<[1.0, 1.0, 3.0]> : tensor<3xbf16>
  func.return
}

// -----

func.func @reshape_bf16() {
  %x = stablehlo.constant dense<[[1.0, 1.0, 3.0], [2.0, 5.0, 3.0]]> : tensor<2x3xbf16>
  %a = stablehlo.reshape %x : (tensor<2x3xbf16>) -> tensor<3x2xbf16>
  check.expect_eq_const %a, dense<[[1.0, 1.0], [3.0, 2.0], [5.0, 3.0]]> : tensor<3x2xbf16>
  %b = stablehlo.reshape %x : (tensor<2x3xbf16>) -> tensor<1x6x1xbf16>
  check.expect_eq_const %b, dense<[[[1.0], [1.0], [3.0], [2.0], [5.0], [3.0]]]> : tensor<1x6x1xbf16>
  %c = stablehlo.reshape %b : (tensor<1x6x1xbf16>) -> tensor<6xbf16>
  check.expect_eq_const %c, dense<[1.0, 1.0, 3.0, 2.0, 5.0, 3.0]> : tensor<6xbf16>
  func.return
}

// -----

func.func @transpose_bf16() {
  %x = stablehlo.constant dense<[[[1.0, 1.0], [3.0, 2.0], [5.0, 3.0]], [[7.0, 4.0], [9.0, 5.0], [11.0, 6.0]]]> : tensor<2x3x2xbf16>
  %m = stablehlo.constant dense<[[1.0, 1.0, 3.0], [2.0, 5.0, 3.0]]> : tensor<2x3xbf16>
  %a = stablehlo.transpose %x, dims = [2, 0, 1] : (tensor<2x3x2xbf16>) -> tensor<2x2x3xbf16>
  check.expect_eq_const %a, dense<[[[1.0, 3.0, 5.0], [7.0, 9.0, 11.0]], [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]]> : tensor<2x2x3xbf16>
  %b = stablehlo.transpose %m, dims = [1, 0] : (tensor<2x3xbf16>) -> tensor<3x2xbf16>
  check.expect_eq_const %b, dense<[[1.0, 2.0], [1.0, 5.0], [3.0, 3.0]]> : tensor<3x2xbf16>
  func.return
}

// -----

func.func @slice_bf16() {
  %x = stablehlo.constant dense<[[1.0, 1.0, 3.0, 2.0], [5.0, 3.0, 7.0, 4.0], [9.0, 5.0, 11.0, 6.0]]> : tensor<3x4xbf16>
  %a = stablehlo.slice %x [0:3:2, 1:4:2] : (tensor<3x4xbf16>) -> tensor<2x2xbf16>
  check.expect_eq_const %a, dense<[[1.0, 2.0], [5.0, 6.0]]> : tensor<2x2xbf16>
  %b = stablehlo.slice %x [1:3, 0:3] : (tensor<3x4xbf16>) -> tensor<2x3xbf16>
  check.expect_eq_const %b, dense<[[5.0, 3.0, 7.0], [9.0, 5.0, 11.0]]> : tensor<2x3xbf16>
  %c = "stablehlo.slice"(%x) <{start_indices = array<i64: 1, 0>, limit_indices = array<i64: 3, 3>, strides = array<i64: 1, 1>}> : (tensor<3x4xbf16>) -> tensor<2x3xbf16>
  check.expect_eq %c, %b : tensor<2x3xbf16>
  func.return
}

// -----

func.func @dynamic_slice_bf16() {
  %x = stablehlo.constant dense<[[1.0, 1.0, 3.0, 2.0], [5.0, 3.0, 7.0, 4.0], [9.0, 5.0, 11.0, 6.0], [13.0, 7.0, 15.0, 8.0]]> : tensor<4x4xbf16>
  %i1 = stablehlo.constant dense<1> : tensor<i64>
  %i3 = stablehlo.constant dense<3> : tensor<i32>
  %neg = stablehlo.constant dense<-5> : tensor<i32>
  %u1 = stablehlo.constant dense<1> : tensor<ui32>
  %i1b = stablehlo.constant dense<1> : tensor<i32>
  %a = stablehlo.dynamic_slice %x, %i1b, %i3, sizes = [2, 2] : (tensor<4x4xbf16>, tensor<i32>, tensor<i32>) -> tensor<2x2xbf16>
  check.expect_eq_const %a, dense<[[7.0, 4.0], [11.0, 6.0]]> : tensor<2x2xbf16>
  %b = stablehlo.dynamic_slice %x, %neg, %i1b, sizes = [3, 1] : (tensor<4x4xbf16>, tensor<i32>, tensor<i32>) -> tensor<3x1xbf16>
  check.expect_eq_const %b, dense<[[1.0], [3.0], [5.0]]> : tensor<3x1xbf16>
  %c = "stablehlo.dynamic_slice"(%x, %i1, %i1) <{slice_sizes = array<i64: 2, 2>}> : (tensor<4x4xbf16>, tensor<i64>, tensor<i64>) -> tensor<2x2xbf16>
  check.expect_eq_const %c, dense<[[3.0, 7.0], [5.0, 11.0]]> : tensor<2x2xbf16>
  %d = stablehlo.dynamic_slice %x, %u1, %u1, sizes = [1, 3] : (tensor<4x4xbf16>, tensor<ui32>, tensor<ui32>) -> tensor<1x3xbf16>
  check.expect_eq_const %d, dense<[[3.0, 7.0, 4.0]]> : tensor<1x3xbf16>
  func.return
}

// -----

func.func @concatenate_bf16() {
  %a = stablehlo.constant dense<[[1.0, 1.0, 3.0]]> : tensor<1x3xbf16>
  %b = stablehlo.constant dense<[[2.0, 5.0, 3.0], [7.0, 4.0, 9.0]]> : tensor<2x3xbf16>
  %c = stablehlo.constant dense<1.0> : tensor<2x1xbf16>
  %r0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<1x3xbf16>, tensor<2x3xbf16>) -> tensor<3x3xbf16>
  check.expect_eq_const %r0, dense<[[1.0, 1.0, 3.0], [2.0, 5.0, 3.0], [7.0, 4.0, 9.0]]> : tensor<3x3xbf16>
  %r1 = stablehlo.concatenate %b, %c, %b, dim = 1 : (tensor<2x3xbf16>, tensor<2x1xbf16>, tensor<2x3xbf16>) -> tensor<2x7xbf16>
  check.expect_eq_const %r1, dense<[[2.0, 5.0, 3.0, 1.0, 2.0, 5.0, 3.0], [7.0, 4.0, 9.0, 1.0, 7.0, 4.0, 9.0]]> : tensor<2x7xbf16>
  func.return
}

// -----

func.func @pad_bf16() {
  %x = stablehlo.constant dense<[[1.0, 1.0, 3.0], [2.0, 5.0, 3.0]]> : tensor<2x3xbf16>
  %zero = stablehlo.constant dense<0.0> : tensor<bf16>
  %fill = stablehlo.constant dense<-1.0> : tensor<bf16>
  %a = stablehlo.pad %x, %zero, low = [0, 1], high = [2, 1], interior = [1, 2] : (tensor<2x3xbf16>, tensor<bf16>) -> tensor<5x9xbf16>
  check.expect_eq_const %a, dense<[[0.0, 1.0, 0.0, 0.0, 1.0, 0.0, 0.0, 3.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 2.0, 0.0, 0.0, 5.0, 0.0, 0.0, 3.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]]> : tensor<5x9xbf16>
  %b = stablehlo.pad %x, %fill, low = [-1, 1], high = [1, -2], interior = [0, 1] : (tensor<2x3xbf16>, tensor<bf16>) -> tensor<2x4xbf16>
  check.expect_eq_const %b, dense<[[-1.0, 2.0, -1.0, 5.0], [-1.0, -1.0, -1.0, -1.0]]> : tensor<2x4xbf16>
  func.return
}

// -----

func.func @reverse_bf16() {
  %x = stablehlo.constant dense<[[1.0, 1.0, 3.0], [2.0, 5.0, 3.0]]> : tensor<2x3xbf16>
  %a = stablehlo.reverse %x, dims = [1] : tensor<2x3xbf16>
  check.expect_eq_const %a, dense<[[3.0, 1.0, 1.0], [3.0, 5.0, 2.0]]> : tensor<2x3xbf16>
  %b = stablehlo.reverse %x, dims = [0, 1] : tensor<2x3xbf16>
  check.expect_eq_const %b, dense<[[3.0, 5.0, 2.0], [3.0, 1.0, 1.0]]> : tensor<2x3xbf16>
  func.return
}

// -----

func.func @dot_general_bf16() {
  %a = stablehlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xbf16>
  %b = stablehlo.constant dense<[[1.0, -1.0], [2.0, 0.0], [-2.0, 3.0]]> : tensor<3x2xbf16>
  %mm = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xbf16>, tensor<3x2xbf16>) -> tensor<2x2xbf16>
  check.expect_eq_const %mm, dense<[[-1.0, 8.0], [2.0, 14.0]]> : tensor<2x2xbf16>
  %x = stablehlo.constant dense<[[[1.0, 0.0], [2.0, -1.0]], [[3.0, 1.0], [0.0, 2.0]]]> : tensor<2x2x2xbf16>
  %y = stablehlo.constant dense<[[[2.0, 1.0], [0.0, 1.0]], [[1.0, 1.0], [3.0, 0.0]]]> : tensor<2x2x2xbf16>
  %bmm = stablehlo.dot_general %x, %y, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x2x2xbf16>, tensor<2x2x2xbf16>) -> tensor<2x2x2xbf16>
  check.expect_eq_const %bmm, dense<[[[2.0, 1.0], [4.0, 1.0]], [[6.0, 3.0], [6.0, 0.0]]]> : tensor<2x2x2xbf16>
  %u = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xbf16>
  %v = stablehlo.constant dense<[1.0, -1.0, 2.0]> : tensor<3xbf16>
  %dot = "stablehlo.dot_general"(%u, %v) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>}> : (tensor<3xbf16>, tensor<3xbf16>) -> tensor<bf16>
  check.expect_eq_const %dot, dense<5.0> : tensor<bf16>
  %b2 = stablehlo.reshape %b : (tensor<3x2xbf16>) -> tensor<2x3xbf16>
  %outer = stablehlo.dot_general %a, %b2, contracting_dims = [] x [] : (tensor<2x3xbf16>, tensor<2x3xbf16>) -> tensor<2x3x2x3xbf16>
  check.expect_eq_const %outer, dense<[[[[1.0, -1.0, 2.0], [0.0, -2.0, 3.0]], [[2.0, -2.0, 4.0], [0.0, -4.0, 6.0]], [[3.0, -3.0, 6.0], [0.0, -6.0, 9.0]]], [[[4.0, -4.0, 8.0], [0.0, -8.0, 12.0]], [[5.0, -5.0, 10.0], [0.0, -10.0, 15.0]], [[6.0, -6.0, 12.0], [0.0, -12.0, 18.0]]]]> : tensor<2x3x2x3xbf16>
  func.return
}

// -----

func.func @dot_general_transposed_bf16() {
  %a = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xbf16>
  %b = stablehlo.constant dense<[[1.0, -1.0, 2.0], [0.0, -2.0, 3.0]]> : tensor<2x3xbf16>
  %r = stablehlo.dot_general %a, %b, contracting_dims = [0] x [1] : (tensor<3x2xbf16>, tensor<2x3xbf16>) -> tensor<2x2xbf16>
  check.expect_eq_const %r, dense<[[8.0, 9.0], [10.0, 10.0]]> : tensor<2x2xbf16>
  func.return
}

// -----

func.func @convolution_bf16() {
  %spec_lhs = stablehlo.constant dense<[[[[1.0], [2.0], [5.0], [6.0]], [[3.0], [4.0], [7.0], [8.0]], [[10.0], [11.0], [14.0], [15.0]], [[12.0], [13.0], [16.0], [17.0]]]]> : tensor<1x4x4x1xbf16>
  %spec_rhs = stablehlo.constant dense<1.0> : tensor<3x3x1x1xbf16>
  %spec = stablehlo.convolution(%spec_lhs, %spec_rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [4, 4], pad = [[0, 0], [0, 0]], lhs_dilate = [2, 2], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xbf16>, tensor<3x3x1x1xbf16>) -> tensor<1x2x2x1xbf16>
  check.expect_eq_const %spec, dense<[[[[10.0], [26.0]], [[46.0], [62.0]]]]> : tensor<1x2x2x1xbf16>
  %fwd_lhs = stablehlo.constant dense<[[[[1.0, -2.0, 0.0, 2.0], [-1.0, 1.0, -2.0, 0.0], [2.0, -1.0, 1.0, -2.0], [0.0, 2.0, -1.0, 1.0]], [[-2.0, 0.0, 2.0, -1.0], [1.0, -2.0, 0.0, 2.0], [-1.0, 1.0, -2.0, 0.0], [2.0, -1.0, 1.0, -2.0]]]]> : tensor<1x2x4x4xbf16>
  %fwd_rhs = stablehlo.constant dense<[[[[1.0, -2.0, 0.0], [2.0, -1.0, 1.0], [-2.0, 0.0, 2.0]], [[-1.0, 1.0, -2.0], [0.0, 2.0, -1.0], [1.0, -2.0, 0.0]]], [[[2.0, -1.0, 1.0], [-2.0, 0.0, 2.0], [-1.0, 1.0, -2.0]], [[0.0, 2.0, -1.0], [1.0, -2.0, 0.0], [2.0, -1.0, 1.0]]]]> : tensor<2x2x3x3xbf16>
  %fwd = stablehlo.convolution(%fwd_lhs, %fwd_rhs) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x2x4x4xbf16>, tensor<2x2x3x3xbf16>) -> tensor<1x2x2x2xbf16>
  check.expect_eq_const %fwd, dense<[[[[-7.0, -1.0], [1.0, -11.0]], [[-6.0, -1.0], [-1.0, -5.0]]]]> : tensor<1x2x2x2xbf16>
  %dil_lhs = stablehlo.constant dense<[[[[1.0, -2.0, 0.0, 2.0, -1.0], [1.0, -2.0, 0.0, 2.0, -1.0], [1.0, -2.0, 0.0, 2.0, -1.0], [1.0, -2.0, 0.0, 2.0, -1.0], [1.0, -2.0, 0.0, 2.0, -1.0]]], [[[1.0, -2.0, 0.0, 2.0, -1.0], [1.0, -2.0, 0.0, 2.0, -1.0], [1.0, -2.0, 0.0, 2.0, -1.0], [1.0, -2.0, 0.0, 2.0, -1.0], [1.0, -2.0, 0.0, 2.0, -1.0]]]]> : tensor<2x1x5x5xbf16>
  %dil_rhs = stablehlo.constant dense<[[[[1.0, -2.0], [0.0, 2.0]]]]> : tensor<1x1x2x2xbf16>
  %dil = stablehlo.convolution(%dil_lhs, %dil_rhs) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 1], [1, 0]], lhs_dilate = [1, 1], rhs_dilate = [2, 2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x1x5x5xbf16>, tensor<1x1x2x2xbf16>) -> tensor<2x1x4x4xbf16>
  check.expect_eq_const %dil, dense<[[[[0.0, 1.0, -2.0, 0.0], [0.0, 1.0, -2.0, 0.0], [0.0, 1.0, -2.0, 0.0], [4.0, 1.0, -6.0, 2.0]]], [[[0.0, 1.0, -2.0, 0.0], [0.0, 1.0, -2.0, 0.0], [0.0, 1.0, -2.0, 0.0], [4.0, 1.0, -6.0, 2.0]]]]> : tensor<2x1x4x4xbf16>
  %grp_lhs = stablehlo.constant dense<[[[[1.0, -2.0, 0.0], [2.0, -1.0, 1.0], [-2.0, 0.0, 2.0]], [[-1.0, 1.0, -2.0], [0.0, 2.0, -1.0], [1.0, -2.0, 0.0]], [[2.0, -1.0, 1.0], [-2.0, 0.0, 2.0], [-1.0, 1.0, -2.0]], [[0.0, 2.0, -1.0], [1.0, -2.0, 0.0], [2.0, -1.0, 1.0]]]]> : tensor<1x4x3x3xbf16>
  %grp_rhs = stablehlo.constant dense<[[[[1.0, -2.0], [0.0, 2.0]], [[-1.0, 1.0], [-2.0, 0.0]]], [[[2.0, -1.0], [1.0, -2.0]], [[0.0, 2.0], [-1.0, 1.0]]]]> : tensor<2x2x2x2xbf16>
  %grp = stablehlo.convolution(%grp_lhs, %grp_rhs) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x4x3x3xbf16>, tensor<2x2x2x2xbf16>) -> tensor<1x2x2x2xbf16>
  check.expect_eq_const %grp, dense<[[[[5.0, -7.0], [4.0, 2.0]], [[4.0, -7.0], [-14.0, 5.0]]]]> : tensor<1x2x2x2xbf16>
  %bgrp_lhs = stablehlo.constant dense<[[[[1.0, -2.0, 0.0], [2.0, -1.0, 1.0], [-2.0, 0.0, 2.0]]], [[[-1.0, 1.0, -2.0], [0.0, 2.0, -1.0], [1.0, -2.0, 0.0]]]]> : tensor<2x1x3x3xbf16>
  %bgrp_rhs = stablehlo.constant dense<[[[[1.0, -2.0], [0.0, 2.0]]], [[[-1.0, 1.0], [-2.0, 0.0]]]]> : tensor<2x1x2x2xbf16>
  %bgrp = stablehlo.convolution(%bgrp_lhs, %bgrp_rhs) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<2x1x3x3xbf16>, tensor<2x1x2x2xbf16>) -> tensor<1x2x2x2xbf16>
  check.expect_eq_const %bgrp, dense<[[[[3.0, 0.0], [4.0, 1.0]], [[2.0, -7.0], [0.0, 1.0]]]]> : tensor<1x2x2x2xbf16>
  func.return
}

// -----

func.func @convolution_generic_1d_bf16() {
  %x = stablehlo.constant dense<[[[1.0, 2.0, 3.0, 4.0, 5.0]]]> : tensor<1x1x5xbf16>
  %w = stablehlo.constant dense<[[[1.0, 0.5, -1.0]]]> : tensor<1x1x3xbf16>
  %r = "stablehlo.convolution"(%x, %w) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, f, 0]x[o, i, 0]->[b, f, 0]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1>, padding = dense<1> : tensor<1x2xi64>, rhs_dilation = array<i64: 1>, window_strides = array<i64: 1>}> : (tensor<1x1x5xbf16>, tensor<1x1x3xbf16>) -> tensor<1x1x5xbf16>
  check.expect_eq_const %r, dense<[[[-1.5, -1.0, -0.5, 0.0, 6.5]]]> : tensor<1x1x5xbf16>
  func.return
}

// -----

func.func @convolution_backward_data_nhwc_bf16() {
  %bwd_lhs = stablehlo.constant dense<[[[[-3.0, -2.0], [-1.0, 0.0], [1.0, 2.0]], [[3.0, -3.0], [-2.0, -1.0], [0.0, 1.0]], [[2.0, 3.0], [-3.0, -2.0], [-1.0, 0.0]]], [[[1.0, 2.0], [3.0, -3.0], [-2.0, -1.0]], [[0.0, 1.0], [2.0, 3.0], [-3.0, -2.0]], [[-1.0, 0.0], [1.0, 2.0], [3.0, -3.0]]]]> : tensor<2x3x3x2xbf16>
  %bwd_rhs = stablehlo.constant dense<[[[[-2.0, -1.0], [0.0, 1.0]], [[2.0, -2.0], [-1.0, 0.0]], [[1.0, 2.0], [-2.0, -1.0]]], [[[0.0, 1.0], [2.0, -2.0]], [[-1.0, 0.0], [1.0, 2.0]], [[-2.0, -1.0], [0.0, 1.0]]], [[[2.0, -2.0], [-1.0, 0.0]], [[1.0, 2.0], [-2.0, -1.0]], [[0.0, 1.0], [2.0, -2.0]]]]> : tensor<3x3x2x2xbf16>
  %bwd = stablehlo.convolution(%bwd_lhs, %bwd_rhs) dim_numbers = [b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[2, 2], [2, 2]], lhs_dilate = [2, 2], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x3x3x2xbf16>, tensor<3x3x2x2xbf16>) -> tensor<2x7x7x2xbf16>
  check.expect_eq_const %bwd, dense<[[[[-2.0, -2.0], [-7.0, 8.0], [-2.0, 1.0], [-1.0, 2.0], [0.0, -1.0], [5.0, -4.0], [-2.0, -1.0]], [[8.0, -2.0], [3.0, -7.0], [0.0, -2.0], [1.0, -1.0], [-4.0, 0.0], [-1.0, 5.0], [2.0, -2.0]], [[-10.0, 20.0], [-5.0, 0.0], [18.0, -5.0], [-6.0, 6.0], [6.0, -4.0], [0.0, -2.0], [-6.0, 2.0]], [[-3.0, -3.0], [-3.0, -3.0], [2.0, 11.0], [2.0, -4.0], [-2.0, -1.0], [0.0, 2.0], [1.0, -2.0]], [[0.0, -5.0], [20.0, -10.0], [-11.0, -2.0], [-9.0, 10.0], [5.0, -1.0], [-3.0, 2.0], [-3.0, 2.0]], [[-7.0, 3.0], [-2.0, 8.0], [11.0, -4.0], [3.0, -7.0], [0.0, -2.0], [1.0, -1.0], [0.0, -2.0]], [[8.0, -7.0], [-2.0, -2.0], [-14.0, 11.0], [-2.0, 3.0], [7.0, 0.0], [-2.0, 1.0], [2.0, 0.0]]], [[[2.0, -2.0], [5.0, -4.0], [-5.0, 11.0], [-3.0, -3.0], [11.0, -5.0], [-4.0, 5.0], [-2.0, 2.0]], [[-4.0, 2.0], [-1.0, 5.0], [-1.0, -5.0], [-3.0, -3.0], [2.0, 11.0], [2.0, -4.0], [-1.0, -2.0]], [[6.0, -6.0], [0.0, -2.0], [-6.0, -3.0], [20.0, -10.0], [-11.0, -2.0], [-9.0, 10.0], [3.0, 2.0]], [[-1.0, 1.0], [0.0, 2.0], [-6.0, 1.0], [-2.0, 8.0], [11.0, -4.0], [3.0, -7.0], [-2.0, -2.0]], [[2.0, -3.0], [-3.0, 2.0], [7.0, -7.0], [3.0, -6.0], [-19.0, 22.0], [-5.0, 0.0], [20.0, -5.0]], [[2.0, 0.0], [1.0, -1.0], [-4.0, 0.0], [-1.0, 5.0], [-1.0, -5.0], [-3.0, -3.0], [-3.0, 12.0]], [[-1.0, 2.0], [-2.0, 1.0], [7.0, -4.0], [-2.0, -1.0], [-7.0, -1.0], [12.0, -3.0], [-3.0, -3.0]]]]> : tensor<2x7x7x2xbf16>
  func.return
}

// -----

func.func @reduce_bf16() {
  %x = stablehlo.constant dense<[[1.0, 1.0, 3.0], [2.0, 5.0, 3.0]]> : tensor<2x3xbf16>
  %init = stablehlo.constant dense<0.0> : tensor<bf16>
  %low = stablehlo.constant dense<-1.0e+30> : tensor<bf16>
  %r1 = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [1] : (tensor<2x3xbf16>, tensor<bf16>) -> tensor<2xbf16>
  check.expect_eq_const %r1, dense<[5.0, 10.0]> : tensor<2xbf16>
  %r0 = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [0] : (tensor<2x3xbf16>, tensor<bf16>) -> tensor<3xbf16>
  check.expect_eq_const %r0, dense<[3.0, 6.0, 6.0]> : tensor<3xbf16>
  %all = "stablehlo.reduce"(%x, %init) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%a: tensor<bf16>, %b: tensor<bf16>):
    %s = stablehlo.add %a, %b : tensor<bf16>
    stablehlo.return %s : tensor<bf16>
  }) : (tensor<2x3xbf16>, tensor<bf16>) -> tensor<bf16>
  check.expect_eq_const %all, dense<15.0> : tensor<bf16>
  %mx = stablehlo.reduce(%x init: %low) applies stablehlo.maximum across dimensions = [1] : (tensor<2x3xbf16>, tensor<bf16>) -> tensor<2xbf16>
  check.expect_eq_const %mx, dense<[3.0, 5.0]> : tensor<2xbf16>
  func.return
}

// -----

func.func @reduce_variadic_argmax_bf16() {
  %x = stablehlo.constant dense<[[1.0, 5.0, 3.0], [7.0, -2.0, 7.0]]> : tensor<2x3xbf16>
  %i = stablehlo.iota dim = 1 : tensor<2x3xi32>
  %ninf = stablehlo.constant dense<0xFF80> : tensor<bf16>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.reduce(%x init: %ninf), (%i init: %zero) across dimensions = [1] : (tensor<2x3xbf16>, tensor<2x3xi32>, tensor<bf16>, tensor<i32>) -> (tensor<2xbf16>, tensor<2xi32>)
   reducer(%a: tensor<bf16>, %c: tensor<bf16>) (%b: tensor<i32>, %d: tensor<i32>)  {
    %gt = stablehlo.compare  GT, %a, %c,  FLOAT : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
    %eq = stablehlo.compare  EQ, %a, %c,  FLOAT : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
    %lt = stablehlo.compare  LT, %b, %d,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %tie = stablehlo.and %eq, %lt : tensor<i1>
    %keep = stablehlo.or %gt, %tie : tensor<i1>
    %v = stablehlo.select %keep, %a, %c : tensor<i1>, tensor<bf16>
    %j = stablehlo.select %keep, %b, %d : tensor<i1>, tensor<i32>
    stablehlo.return %v, %j : tensor<bf16>, tensor<i32>
  }
  check.expect_eq_const %r#0, dense<[5.0, 7.0]> : tensor<2xbf16>
  check.expect_eq_const %r#1, dense<[1, 0]> : tensor<2xi32>
  func.return
}

// -----

func.func @reduce_window_bf16() {
  %x = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xbf16>
  %init = stablehlo.constant dense<0.0> : tensor<bf16>
  %y = stablehlo.constant dense<[[1.0, 1.0, 3.0, 2.0], [5.0, 3.0, 7.0, 4.0], [9.0, 5.0, 11.0, 6.0], [13.0, 7.0, 15.0, 8.0]]> : tensor<4x4xbf16>
  %a = "stablehlo.reduce_window"(%x, %init) <{base_dilations = array<i64: 2, 1>, padding = dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 3, 1>, window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 4, 1>}> ({
  ^bb0(%a: tensor<bf16>, %b: tensor<bf16>):
    %s = stablehlo.add %a, %b : tensor<bf16>
    stablehlo.return %s : tensor<bf16>
  }) : (tensor<3x2xbf16>, tensor<bf16>) -> tensor<2x2xbf16>
  check.expect_eq_const %a, dense<[[0.0, 0.0], [3.0, 4.0]]> : tensor<2x2xbf16>
  %b = "stablehlo.reduce_window"(%y, %init) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<bf16>, %b: tensor<bf16>):
    %s = stablehlo.add %a, %b : tensor<bf16>
    stablehlo.return %s : tensor<bf16>
  }) : (tensor<4x4xbf16>, tensor<bf16>) -> tensor<2x2xbf16>
  check.expect_eq_const %b, dense<[[10.0, 16.0], [34.0, 40.0]]> : tensor<2x2xbf16>
  %c = "stablehlo.reduce_window"(%y, %init) <{padding = dense<[[1, 1], [1, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 3>, window_strides = array<i64: 1, 2>}> ({
  ^bb0(%a: tensor<bf16>, %b: tensor<bf16>):
    %s = stablehlo.add %a, %b : tensor<bf16>
    stablehlo.return %s : tensor<bf16>
  }) : (tensor<4x4xbf16>, tensor<bf16>) -> tensor<4x2xbf16>
  check.expect_eq_const %c, dense<[[10.0, 20.0], [24.0, 42.0], [42.0, 66.0], [34.0, 52.0]]> : tensor<4x2xbf16>
  %low = stablehlo.constant dense<-1.0e+30> : tensor<bf16>
  %d = "stablehlo.reduce_window"(%y, %low) <{padding = dense<[[1, 1], [1, 1]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 3>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<bf16>, %b: tensor<bf16>):
    %s = stablehlo.maximum %a, %b : tensor<bf16>
    stablehlo.return %s : tensor<bf16>
  }) : (tensor<4x4xbf16>, tensor<bf16>) -> tensor<2x2xbf16>
  check.expect_eq_const %d, dense<[[5.0, 7.0], [13.0, 15.0]]> : tensor<2x2xbf16>
  func.return
}

// -----

func.func @select_and_scatter_bf16() {
  %x = stablehlo.constant dense<[[1.0, 5.0], [2.0, 5.0], [3.0, 6.0], [4.0, 4.0]]> : tensor<4x2xbf16>
  %src = stablehlo.constant dense<[[5.0, 6.0], [7.0, 8.0]]> : tensor<2x2xbf16>
  %init = stablehlo.constant dense<0.0> : tensor<bf16>
  %a = "stablehlo.select_and_scatter"(%x, %src, %init) <{padding = dense<[[0, 1], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 1>, window_strides = array<i64: 2, 1>}> ({
  ^bb0(%a: tensor<bf16>, %b: tensor<bf16>):
    %c = stablehlo.compare GE, %a, %b, FLOAT : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<bf16>, %b: tensor<bf16>):
    %c = stablehlo.add %a, %b : tensor<bf16>
    stablehlo.return %c : tensor<bf16>
  }) : (tensor<4x2xbf16>, tensor<2x2xbf16>, tensor<bf16>) -> tensor<4x2xbf16>
  check.expect_eq_const %a, dense<[[0.0, 0.0], [0.0, 0.0], [5.0, 14.0], [7.0, 0.0]]> : tensor<4x2xbf16>
  %y = stablehlo.constant dense<[[3.0, 1.0, 4.0, 1.0], [5.0, 9.0, 2.0, 6.0], [5.0, 3.0, 5.0, 8.0], [9.0, 7.0, 9.0, 3.0]]> : tensor<4x4xbf16>
  %ysrc = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xbf16>
  %b = "stablehlo.select_and_scatter"(%y, %ysrc, %init) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<bf16>, %b: tensor<bf16>):
    %c = stablehlo.compare GE, %a, %b, FLOAT : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<bf16>, %b: tensor<bf16>):
    %c = stablehlo.add %a, %b : tensor<bf16>
    stablehlo.return %c : tensor<bf16>
  }) : (tensor<4x4xbf16>, tensor<2x2xbf16>, tensor<bf16>) -> tensor<4x4xbf16>
  check.expect_eq_const %b, dense<[[0.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 2.0], [0.0, 0.0, 0.0, 0.0], [3.0, 0.0, 4.0, 0.0]]> : tensor<4x4xbf16>
  func.return
}
