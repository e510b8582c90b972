// stablehlo.iota along each dimension, on every integer and float element type.

func.func @iota_i8() {
  %d0 = stablehlo.iota dim = 0 : tensor<4x2xi8>
  check.expect_eq_const %d0, dense<[[0, 0], [1, 1], [2, 2], [3, 3]]> : tensor<4x2xi8>
  %d1 = stablehlo.iota dim = 1 : tensor<4x2xi8>
  check.expect_eq_const %d1, dense<[[0, 1], [0, 1], [0, 1], [0, 1]]> : tensor<4x2xi8>
  %g = "stablehlo.iota"() <{iota_dimension = 0 : i64}> : () -> tensor<3xi8>
  check.expect_eq_const %g, dense<[0, 1, 2]> : tensor<3xi8>
  func.return
}
