func.func @constant_float_forms() {
  %hex_inf = stablehlo.constant dense<0x7F800000> : tensor<f32>
  %big = stablehlo.constant dense<3.40282347E+38> : tensor<f32>
  %is_inf = stablehlo.compare GT, %hex_inf, %big, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %is_inf, dense<true> : tensor<i1>
  %exp = stablehlo.constant dense<[1.000000e+00, 2.5E-1, -1.0e2, 0x3FF8000000000000]> : tensor<4xf64>
  check.expect_eq_const %exp, dense<[1.0, 0.25, -100.0, 1.5]> : tensor<4xf64>
  func.return
}
