func.func @iota_f64() {
  %d0 = stablehlo.iota dim = 0 : tensor<4x2xf64>
  check.expect_eq_const %d0, dense<[[0.0, 0.0], [1.0, 1.0], [2.0, 2.0], [3.0, 3.0]]> : tensor<4x2xf64>
  %d1 = stablehlo.iota dim = 1 : tensor<4x2xf64>
  check.expect_eq_const %d1, dense<[[0.0, 1.0], [0.0, 1.0], [0.0, 1.0], [0.0, 1.0]]> : tensor<4x2xf64>
  %g = "stablehlo.iota"() <{iota_dimension = 0 : i64}> : () -> tensor<3xf64>
  check.expect_eq_const %g, dense<[0.0, 1.0, 2.0]> : tensor<3xf64>
  func.return
}
