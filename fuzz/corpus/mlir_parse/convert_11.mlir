func.func @convert_negative() {
  %f = stablehlo.constant dense<[-2.75, -0.5, 100.25]> : tensor<3xf64>
  %i = stablehlo.constant dense<[-300, -1, 7]> : tensor<3xi16>
  %f_to_i8 = stablehlo.convert %f : (tensor<3xf64>) -> tensor<3xi8>
  check.expect_eq_const %f_to_i8, dense<[-2, 0, 100]> : tensor<3xi8>
  %i_to_i64 = stablehlo.convert %i : (tensor<3xi16>) -> tensor<3xi64>
  check.expect_eq_const %i_to_i64, dense<[-300, -1, 7]> : tensor<3xi64>
  %i_to_f32 = stablehlo.convert %i : (tensor<3xi16>) -> tensor<3xf32>
  check.expect_eq_const %i_to_f32, dense<[-300.0, -1.0, 7.0]> : tensor<3xf32>
  %i_to_i1 = stablehlo.convert %i : (tensor<3xi16>) -> tensor<3xi1>
  check.expect_eq_const %i_to_i1, dense<true> : tensor<3xi1>
  func.return
}
