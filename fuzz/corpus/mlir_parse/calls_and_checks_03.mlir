func.func @check_ops() {
  %i = stablehlo.constant dense<[-2, 0, 2]> : tensor<3xi64>
  %j = stablehlo.constant dense<[-2, 0, 2]> : tensor<3xi64>
  check.expect_eq %i, %j : tensor<3xi64>
  check.expect_eq_const %i, dense<[-2, 0, 2]> : tensor<3xi64>
  %f = stablehlo.constant dense<5.0> : tensor<f64>
  %g = stablehlo.constant dense<5.00005> : tensor<f64>
  check.expect_almost_eq %f, %g : tensor<f64>
  check.expect_almost_eq_const %f, dense<5.00005> : tensor<f64>
  check.expect_almost_eq %f, %g, tolerance = 1.000000e-01 : tensor<f64>
  check.expect_almost_eq_const %f, dense<5.05> : tensor<f64> {tolerance = 1.000000e-01 : f64}
  %one = stablehlo.constant dense<1.0> : tensor<f32>
  %next = stablehlo.constant dense<"0x0200803F"> : tensor<f32>
  check.expect_close %one, %next, max_ulp_difference = 2 : tensor<f32>, tensor<f32>
  check.expect_close %one, %next, max_ulp_difference = 3, min_ulp_difference = 2 : tensor<f32>, tensor<f32>
  func.return
}
