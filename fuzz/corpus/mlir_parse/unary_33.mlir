func.func @log_f32() {
  %operand = stablehlo.constant dense<[1.0, 2.0, 0.5, 100.0]> : tensor<4xf32>
  %result = stablehlo.log %operand : tensor<4xf32>
  check.expect_almost_eq_const %result, dense<[0.0, 0.6931471805599453, -0.6931471805599453, 4.605170185988092]> : tensor<4xf32>
  func.return
}
