func.func @iota_ui64() {
  %d0 = stablehlo.iota dim = 0 : tensor<4x2xui64>
  check.expect_eq_const %d0, dense<[[0, 0], [1, 1], [2, 2], [3, 3]]> : tensor<4x2xui64>
  %d1 = stablehlo.iota dim = 1 : tensor<4x2xui64>
  check.expect_eq_const %d1, dense<[[0, 1], [0, 1], [0, 1], [0, 1]]> : tensor<4x2xui64>
  %g = "stablehlo.iota"() <{iota_dimension = 0 : i64}> : () -> tensor<3xui64>
  check.expect_eq_const %g, dense<[0, 1, 2]> : tensor<3xui64>
  func.return
}
