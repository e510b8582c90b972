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

// -----

func.func @iota_i16() {
  %d0 = stablehlo.iota dim = 0 : tensor<4x2xi16>
  check.expect_eq_const %d0, dense<[[0, 0], [1, 1], [2, 2], [3, 3]]> : tensor<4x2xi16>
  %d1 = stablehlo.iota dim = 1 : tensor<4x2xi16>
  check.expect_eq_const %d1, dense<[[0, 1], [0, 1], [0, 1], [0, 1]]> : tensor<4x2xi16>
  %g = "stablehlo.iota"() <{iota_dimension = 0 : i64}> : () -> tensor<3xi16>
  check.expect_eq_const %g, dense<[0, 1, 2]> : tensor<3xi16>
  func.return
}

// -----

func.func @iota_i32() {
  %d0 = stablehlo.iota dim = 0 : tensor<4x2xi32>
  check.expect_eq_const %d0, dense<[[0, 0], [1, 1], [2, 2], [3, 3]]> : tensor<4x2xi32>
  %d1 = stablehlo.iota dim = 1 : tensor<4x2xi32>
  check.expect_eq_const %d1, dense<[[0, 1], [0, 1], [0, 1], [0, 1]]> : tensor<4x2xi32>
  %g = "stablehlo.iota"() <{iota_dimension = 0 : i64}> : () -> tensor<3xi32>
  check.expect_eq_const %g, dense<[0, 1, 2]> : tensor<3xi32>
  func.return
}

// -----

func.func @iota_i64() {
  %d0 = stablehlo.iota dim = 0 : tensor<4x2xi64>
  check.expect_eq_const %d0, dense<[[0, 0], [1, 1], [2, 2], [3, 3]]> : tensor<4x2xi64>
  %d1 = stablehlo.iota dim = 1 : tensor<4x2xi64>
  check.expect_eq_const %d1, dense<[[0, 1], [0, 1], [0, 1], [0, 1]]> : tensor<4x2xi64>
  %g = "stablehlo.iota"() <{iota_dimension = 0 : i64}> : () -> tensor<3xi64>
  check.expect_eq_const %g, dense<[0, 1, 2]> : tensor<3xi64>
  func.return
}

// -----

func.func @iota_ui8() {
  %d0 = stablehlo.iota dim = 0 : tensor<4x2xui8>
  check.expect_eq_const %d0, dense<[[0, 0], [1, 1], [2, 2], [3, 3]]> : tensor<4x2xui8>
  %d1 = stablehlo.iota dim = 1 : tensor<4x2xui8>
  check.expect_eq_const %d1, dense<[[0, 1], [0, 1], [0, 1], [0, 1]]> : tensor<4x2xui8>
  %g = "stablehlo.iota"() <{iota_dimension = 0 : i64}> : () -> tensor<3xui8>
  check.expect_eq_const %g, dense<[0, 1, 2]> : tensor<3xui8>
  func.return
}

// -----

func.func @iota_ui16() {
  %d0 = stablehlo.iota dim = 0 : tensor<4x2xui16>
  check.expect_eq_const %d0, dense<[[0, 0], [1, 1], [2, 2], [3, 3]]> : tensor<4x2xui16>
  %d1 = stablehlo.iota dim = 1 : tensor<4x2xui16>
  check.expect_eq_const %d1, dense<[[0, 1], [0, 1], [0, 1], [0, 1]]> : tensor<4x2xui16>
  %g = "stablehlo.iota"() <{iota_dimension = 0 : i64}> : () -> tensor<3xui16>
  check.expect_eq_const %g, dense<[0, 1, 2]> : tensor<3xui16>
  func.return
}

// -----

func.func @iota_ui32() {
  %d0 = stablehlo.iota dim = 0 : tensor<4x2xui32>
  check.expect_eq_const %d0, dense<[[0, 0], [1, 1], [2, 2], [3, 3]]> : tensor