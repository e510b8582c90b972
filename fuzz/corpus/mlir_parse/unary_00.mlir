// Elementwise unary ops on every element type where StableHLO defines them.
// Transcendental results are math-library values compared with check.expect_almost_eq_const
// (absolute tolerance 1e-4); exact ones with check.expect_eq_const.

func.func @negate_i8() {
  %operand = stablehlo.constant dense<[-3, 0, 5, 127]> : tensor<4xi8>
  %result = stablehlo.negate %operand : tensor<4xi8>
  check.expect_eq_const %result, dense<[3, 0, -5, -127]> : tensor<4xi8>
  func.return
}
