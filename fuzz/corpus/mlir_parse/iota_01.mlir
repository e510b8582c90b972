func.func @iota_i16() {
  %d0 = stablehlo.iota dim = 0 : tensor<4x2xi16>
  check.expect_eq_const %d0, dense<[[0, 0], [1, 1], [2, 2], [3, 3]]> : tensor<4x2xi16>
  %d1 = stablehlo.iota dim = 1 : tensor<4x2xi16>
  check.expect_eq_const %d1, dense<[[0, 1], [0, 1], [0, 1], [0, 1]]> : tensor<4x2xi16>
  %g = "stablehlo.iota"() <{iota_dimension = 0 : i64}> : () -> tensor<3xi16>
  check.expect_eq_const %g, dense<[0, 1, 2]> : tensor<3xi16>
  func.return
}
