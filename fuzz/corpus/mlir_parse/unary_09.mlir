func.func @negate_f64() {
  %operand = stablehlo.constant dense<[-1.5, 0.5, 2.25, 1024.0]> : tensor<4xf64>
  %result = stablehlo.negate %operand : tensor<4xf64>
  check.expect_eq_const %result, dense<[1.5, -0.5, -2.25, -1024.0]> : tensor<4xf64>
  func.return
}
