func.func @iota_f32() {
  %d0 = stablehlo.iota dim = 0 : tensor<4x2xf32>
  check.expect_eq_const %d0, dense<[[0.0, 0.0], [1.0, 1.0], [2.0, 2.0], [3.0, 3.0]]> : tensor<4x2xf32>
  %d1 = stablehlo.iota dim = 1 : tensor<4x2xf32>
  check.expect_eq_const %d1, dense<[[0.0, 1.0], [0.0, 1.0], [0.0, 1.0], [0.0, 1.0]]> : tensor<4x2xf32>
  %g = "stablehlo.iota"() <{iota_dimension = 0 : i64}> : () -> tensor<3xf32>
  check.expect_eq_const %g, dense<[0.0, 1.0, 2.0]> : tensor<3xf32>
  func.return
}
