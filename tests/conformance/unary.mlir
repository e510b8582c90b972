// Elementwise unary ops on every element type where StableHLO defines them.
// Transcendental results are math-library values compared with check.expect_almost_eq_const
// (absolute tolerance 1e-4); exact ones with check.expect_eq_const.

func.func @negate_i8() {
  %operand = stablehlo.constant dense<[-3, 0, 5, 127]> : tensor<4xi8>
  %result = stablehlo.negate %operand : tensor<4xi8>
  check.expect_eq_const %result, dense<[3, 0, -5, -127]> : tensor<4xi8>
  func.return
}

// -----

func.func @negate_i16() {
  %operand = stablehlo.constant dense<[-3, 0, 5, 32767]> : tensor<4xi16>
  %result = stablehlo.negate %operand : tensor<4xi16>
  check.expect_eq_const %result, dense<[3, 0, -5, -32767]> : tensor<4xi16>
  func.return
}

// -----

func.func @negate_i32() {
  %operand = stablehlo.constant dense<[-3, 0, 5, 2147483647]> : tensor<4xi32>
  %result = stablehlo.negate %operand : tensor<4xi32>
  check.expect_eq_const %result, dense<[3, 0, -5, -2147483647]> : tensor<4xi32>
  func.return
}

// -----

func.func @negate_i64() {
  %operand = stablehlo.constant dense<[-3, 0, 5, 9223372036854775807]> : tensor<4xi64>
  %result = stablehlo.negate %operand : tensor<4xi64>
  check.expect_eq_const %result, dense<[3, 0, -5, -9223372036854775807]> : tensor<4xi64>
  func.return
}

// -----

func.func @negate_ui8() {
  %operand = stablehlo.constant dense<[0, 1, 5, 255]> : tensor<4xui8>
  %result = stablehlo.negate %operand : tensor<4xui8>
  check.expect_eq_const %result, dense<[0, 255, 251, 1]> : tensor<4xui8>
  func.return
}

// -----

func.func @negate_ui16() {
  %operand = stablehlo.constant dense<[0, 1, 5, 65535]> : tensor<4xui16>
  %result = stablehlo.negate %operand : tensor<4xui16>
  check.expect_eq_const %result, dense<[0, 65535, 65531, 1]> : tensor<4xui16>
  func.return
}

// -----

func.func @negate_ui32() {
  %operand = stablehlo.constant dense<[0, 1, 5, 4294967295]> : tensor<4xui32>
  %result = stablehlo.negate %operand : tensor<4xui32>
  check.expect_eq_const %result, dense<[0, 4294967295, 4294967291, 1]> : tensor<4xui32>
  func.return
}

// -----

func.func @negate_ui64() {
  %operand = stablehlo.constant dense<[0, 1, 5, 18446744073709551615]> : tensor<4xui64>
  %result = stablehlo.negate %operand : tensor<4xui64>
  check.expect_eq_const %result, dense<[0, 18446744073709551615, 18446744073709551611, 1]> : tensor<4xui64>
  func.return
}

// -----

func.func @negate_f32() {
  %operand = stablehlo.constant dense<[-1.5, 0.5, 2.25, 1024.0]> : tensor<4xf32>
  %result = stablehlo.negate %operand : tensor<4xf32>
  check.expect_eq_const %result, dense<[1.5, -0.5, -2.25, -1024.0]> : tensor<4xf32>
  func.return
}

// -----

func.func @negate_f64() {
  %operand = stablehlo.constant dense<[-1.5, 0.5, 2.25, 1024.0]> : tensor<4xf64>
  %result = stablehlo.negate %operand : tensor<4xf64>
  check.expect_eq_const %result, dense<[1.5, -0.5, -2.25, -1024.0]> : tensor<4xf64>
  func.return
}

// -----

func.func @abs_i8() {
  %operand = stablehlo.constant dense<[-3, 0, 5, -127]> : tensor<4xi8>
  %result = stablehlo.abs %operand : tensor<4xi8>
  check.expect_eq_const %result, dense<[3, 0, 5, 127]> : tensor<4xi8>
  func.return
}

// -----

func.func @abs_i16() {
  %operand = stablehlo.constant dense<[-3, 0, 5, -32767]> : tensor<4xi16>
  %result = stablehlo.abs %operand : tensor<4xi16>
  check.expect_eq_const %result, dense<[3, 0, 5, 32767]> : tensor<4xi16>
  func.return
}

// -----

func.func @abs_i32() {
  %operand = stablehlo.constant dense<[-3, 0, 5, -2147483647]> : tensor<4xi32>
  %result = stablehlo.abs %operand : tensor<4xi32>
  check.expect_eq_const %result, dense<[3, 0, 5, 2147483647]> : tensor<4xi32>
  func.return
}

// -----

func.func @abs_i64() {
  %operand = stablehlo.constant dense<[-3, 0, 5, -9223372036854775807]> : tensor<4xi64>
  %result = stablehlo.abs %operand : tensor<4xi64>
  check.expect_eq_const %result, dense<[3, 0, 5, 9223372036854775807]> : tensor<4xi64>
  func.return
}

// -----

func.func @abs_f32() {
  %operand = stablehlo.constant dense<[-1.5, 0.0, 2.25, -1024.0]> : tensor<4xf32>
  %result = stablehlo.abs %operand : tensor<4xf32>
  check.expect_eq_const %result, dense<[1.5, 0.0, 2.25, 1024.0]> : tensor<4xf32>
  func.return
}

// -----

func.func @abs_f64() {
  %operand = stablehlo.constant dense<[-1.5, 0.0, 2.25, -1024.0]> : tensor<4xf64>
  %result = stablehlo.abs %operand : tensor<4xf64>
  check.expect_eq_const %result, dense<[1.5, 0.0, 2.25, 1024.0]> : tensor<4xf64>
  func.return
}

// -----

func.func @sign_i8() {
  %operand = stablehlo.constant dense<[-3, 0, 5, -128]> : tensor<4xi8>
  %result = stablehlo.sign %operand : tensor<4xi8>
  check.expect_eq_const %result, dense<[-1, 0, 1, -1]> : tensor<4xi8>
  func.return
}

// -----

func.func @sign_i16() {
  %operand = stablehlo.constant dense<[-3, 0, 5, -32768]> : tensor<4xi16>
  %result = stablehlo.sign %operand : tensor<4xi16>
  check.expect_eq_const %result, dense<[-1, 0, 1, -1]> : tensor<4xi16>
  func.return
}

// -----

func.func @sign_i32() {
  %operand = stablehlo.constant dense<[-3, 0, 5, -2147483648]> : tensor<4xi32>
  %result = stablehlo.sign %operand : tensor<4xi32>
  check.expect_eq_const %result, dense<[-1, 0, 1, -1]> : tensor<4xi32>
  func.return
}

// -----

func.func @sign_i64() {
  %operand = stablehlo.constant dense<[-3, 0, 5, -9223372036854775808]> : tensor<4xi64>
  %result = stablehlo.sign %operand : tensor<4xi64>
  check.expect_eq_const %result, dense<[-1, 0, 1, -1]> : tensor<4xi64>
  func.return
}

// -----

func.func @sign_f32() {
  %operand = stablehlo.constant dense<[-1.5, 0.0, 2.25, -1024.0]> : tensor<4xf32>
  %result = stablehlo.sign %operand : tensor<4xf32>
  check.expect_eq_const %result, dense<[-1.0, 0.0, 1.0, -1.0]> : tensor<4xf32>
  func.return
}

// -----

func.func @sign_f64() {
  %operand = stablehlo.constant dense<[-1.5, 0.0, 2.25, -1024.0]> : tensor<4xf64>
  %result = stablehlo.sign %operand : tensor<4xf64>
  check.expect_eq_const %result, dense<[-1.0, 0.0, 1.0, -1.0]> : tensor<4xf64>
  func.return
}

// -----

func.func @not_i1() {
  %operand = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  %result = stablehlo.not %operand : tensor<2xi1>
  check.expect_eq_const %result, dense<[false, true]> : tensor<2xi1>
  func.return
}

// -----

func.func @not_i8() {
  %operand = stablehlo.constant dense<[-1, 0, 5, -128]> : tensor<4xi8>
  %result = stablehlo.not %operand : tensor<4xi8>
  check.expect_eq_const %result, dense<[0, -1, -6, 127]> : tensor<4xi8>
  func.return
}

// -----

func.func @not_i16() {
  %operand = stablehlo.constant dense<[-1, 0, 5, -32768]> : tensor<4xi16>
  %result = stablehlo.not %operand : tensor<4xi16>
  check.expect_eq_const %result, dense<[0, -1, -6, 32767]> : tensor<4xi16>
  func.return
}

// -----

func.func @not_i32() {
  %operand = stablehlo.constant dense<[-1, 0, 5, -2147483648]> : tensor<4xi32>
  %result = stablehlo.not %operand : tensor<4xi32>
  check.expect_eq_const %result, dense<[0, -1, -6, 2147483647]> : tensor<4xi32>
  func.return
}

// -----

func.func @not_i64() {
  %operand = stablehlo.constant dense<[-1, 0, 5, -9223372036854775808]> : tensor<4xi64>
  %result = stablehlo.not %operand : tensor<4xi64>
  check.expect_eq_const %result, dense<[0, -1, -6, 9223372036854775807]> : tensor<4xi64>
  func.return
}

// -----

func.func @not_ui8() {
  %operand = stablehlo.constant dense<[0, 255, 5, 1]> : tensor<4xui8>
  %result = stablehlo.not %operand : tensor<4xui8>
  check.expect_eq_const %result, dense<[255, 0, 250, 254]> : tensor<4xui8>
  func.return
}

// -----

func.func @not_ui16() {
  %operand = stablehlo.constant dense<[0, 65535, 5, 1]> : tensor<4xui16>
  %result = stablehlo.not %operand : tensor<4xui16>
  check.expect_eq_const %result, dense<[65535, 0, 65530, 65534]> : tensor<4xui16>
  func.return
}

// -----

func.func @not_ui32() {
  %operand = stablehlo.constant dense<[0, 4294967295, 5, 1]> : tensor<4xui32>
  %result = stablehlo.not %operand : tensor<4xui32>
  check.expect_eq_const %result, dense<[4294967295, 0, 4294967290, 4294967294]> : tensor<4xui32>
  func.return
}

// -----

func.func @not_ui64() {
  %operand = stablehlo.constant dense<[0, 18446744073709551615, 5, 1]> : tensor<4xui64>
  %result = stablehlo.not %operand : tensor<4xui64>
  check.expect_eq_const %result, dense<[18446744073709551615, 0, 18446744073709551610, 18446744073709551614]> : tensor<4xui64>
  func.return
}

// -----

func.func @exponential_f32() {
  %operand = stablehlo.constant dense<[0.0, 1.0, -2.0, 3.5]> : tensor<4xf32>
  %result = stablehlo.exponential %operand : tensor<4xf32>
  check.expect_almost_eq_const %result, dense<[1.0, 2.718281828459045, 0.1353352832366127, 33.11545195869231]> : tensor<4xf32>
  func.return
}

// -----

func.func @exponential_f64() {
  %operand = stablehlo.constant dense<[0.0, 1.0, -2.0, 3.5]> : tensor<4xf64>
  %result = stablehlo.exponential %operand : tensor<4xf64>
  check.expect_almost_eq_const %result, dense<[1.0, 2.718281828459045, 0.1353352832366127, 33.11545195869231]> : tensor<4xf64>
  func.return
}

// -----

func.func @log_f32() {
  %operand = stablehlo.constant dense<[1.0, 2.0, 0.5, 100.0]> : tensor<4xf32>
  %result = stablehlo.log %operand : tensor<4xf32>
  check.expect_almost_eq_const %result, dense<[0.0, 0.6931471805599453, -0.6931471805599453, 4.605170185988092]> : tensor<4xf32>
  func.return
}

// -----

func.func @log_f64() {
  %operand = stablehlo.constant dense<[1.0, 2.0, 0.5, 100.0]> : tensor<4xf64>
  %result = stablehlo.log %operand : tensor<4xf64>
  check.expect_almost_eq_const %result, dense<[0.0, 0.6931471805599453, -0.6931471805599453, 4.605170185988092]> : tensor<4xf64>
  func.return
}

// -----

func.func @log_plus_one_f32() {
  %operand = stablehlo.constant dense<[0.0, 1.0e-05, -0.5, 3.0]> : tensor<4xf32>
  %result = stablehlo.log_plus_one %operand : tensor<4xf32>
  check.expect_almost_eq_const %result, dense<[0.0, 9.999950000333332e-06, -0.6931471805599453, 1.3862943611198906]> : tensor<4xf32>
  func.return
}

// -----

func.func @log_plus_one_f64() {
  %operand = stablehlo.constant dense<[0.0, 1.0e-05, -0.5, 3.0]> : tensor<4xf64>
  %result = stablehlo.log_plus_one %operand : tensor<4xf64>
  check.expect_almost_eq_const %result, dense<[0.0, 9.999950000333332e-06, -0.6931471805599453, 1.3862943611198906]> : tensor<4xf64>
  func.return
}

// -----

func.func @sqrt_f32() {
  %operand = stablehlo.constant dense<[0.0, 4.0, 2.0, 0.25]> : tensor<4xf32>
  %result = stablehlo.sqrt %operand : tensor<4xf32>
  check.expect_almost_eq_const %result, dense<[0.0, 2.0, 1.4142135623730951, 0.5]> : tensor<4xf32>
  func.return
}

// -----

func.func @sqrt_f64() {
  %operand = stablehlo.constant dense<[0.0, 4.0, 2.0, 0.25]> : tensor<4xf64>
  %result = stablehlo.sqrt %operand : tensor<4xf64>
  check.expect_almost_eq_const %result, dense<[0.0, 2.0, 1.4142135623730951, 0.5]> : tensor<4xf64>
  func.return
}

// -----

func.func @rsqrt_f32() {
  %operand = stablehlo.constant dense<[1.0, 4.0, 2.0, 0.25]> : tensor<4xf32>
  %result = stablehlo.rsqrt %operand : tensor<4xf32>
  check.expect_almost_eq_const %result, dense<[1.0, 0.5, 0.7071067811865475, 2.0]> : tensor<4xf32>
  func.return
}

// -----

func.func @rsqrt_f64() {
  %operand = stablehlo.constant dense<[1.0, 4.0, 2.0, 0.25]> : tensor<4xf64>
  %result = stablehlo.rsqrt %operand : tensor<4xf64>
  check.expect_almost_eq_const %result, dense<[1.0, 0.5, 0.7071067811865475, 2.0]> : tensor<4xf64>
  func.return
}

// -----

func.func @tanh_f32() {
  %operand = stablehlo.constant dense<[0.0, 0.5, -1.0, 10.0]> : tensor<4xf32>
  %result = stablehlo.tanh %operand : tensor<4xf32>
  check.expect_almost_eq_const %result, dense<[0.0, 0.46211715726000974, -0.7615941559557649, 0.9999999958776927]> : tensor<4xf32>
  func.return
}

// -----

func.func @tanh_f64() {
  %operand = stablehlo.constant dense<[0.0, 0.5, -1.0, 10.0]> : tensor<4xf64>
  %result = stablehlo.tanh %operand : tensor<4xf64>
  check.expect_almost_eq_const %result, dense<[0.0, 0.46211715726000974, -0.7615941559557649, 0.9999999958776927]> : tensor<4xf64>
  func.return
}

// -----

func.func @logistic_f32() {
  %operand = stablehlo.constant dense<[0.0, 1.0, -2.0, 20.0]> : tensor<4xf32>
  %result = stablehlo.logistic %operand : tensor<4xf32>
  check.expect_almost_eq_const %result, dense<[0.5, 0.7310585786300049, 0.11920292202211755, 0.9999999979388463]> : tensor<4xf32>
  func.return
}

// -----

func.func @logistic_f64() {
  %operand = stablehlo.constant dense<[0.0, 1.0, -2.0, 20.0]> : tensor<4xf64>
  %result = stablehlo.logistic %operand : tensor<4xf64>
  check.expect_almost_eq_const %result, dense<[0.5, 0.7310585786300049, 0.11920292202211755, 0.9999999979388463]> : tensor<4xf64>
  func.return
}

// -----

func.func @sqrt_f32_ulp() {
  %operand = stablehlo.constant dense<[2.0, 3.0, 10.0]> : tensor<3xf32>
  %result = stablehlo.sqrt %operand : tensor<3xf32>
  %expected = stablehlo.constant dense<[1.4142135381698608, 1.7320507764816284, 3.1622776985168457]> : tensor<3xf32>
  check.expect_close %result, %expected, max_ulp_difference = 0 : tensor<3xf32>, tensor<3xf32>
  func.return
}
