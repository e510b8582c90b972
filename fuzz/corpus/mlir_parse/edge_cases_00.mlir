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
