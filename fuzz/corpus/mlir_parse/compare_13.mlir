func.func @compare_float_nan_and_zeros_f32() {
  %nan = stablehlo.constant dense<"0x0000C07F"> : tensor<f32>
  %one = stablehlo.constant dense<1.0> : tensor<f32>
  %nz = stablehlo.constant dense<-0.0> : tensor<f32>
  %pz = stablehlo.constant dense<0.0> : tensor<f32>
  %eq_nan = stablehlo.compare EQ, %nan, %one, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %eq_nan, dense<false> : tensor<i1>
  %eq_zero = stablehlo.compare EQ, %nz, %pz, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %eq_zero, dense<true> : tensor<i1>
  %ne_nan = stablehlo.compare NE, %nan, %one, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %ne_nan, dense<true> : tensor<i1>
  %ne_zero = stablehlo.compare NE, %nz, %pz, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %ne_zero, dense<false> : tensor<i1>
  %lt_nan = stablehlo.compare LT, %nan, %one, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %lt_nan, dense<false> : tensor<i1>
  %lt_zero = stablehlo.compare LT, %nz, %pz, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %lt_zero, dense<false> : tensor<i1>
  %gt_nan = stablehlo.compare GT, %nan, %one, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %gt_nan, dense<false> : tensor<i1>
  %gt_zero = stablehlo.compare GT, %nz, %pz, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %gt_zero, dense<false> : tensor<i1>
  func.return
}
