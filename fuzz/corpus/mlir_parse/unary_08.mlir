func.func @negate_f32() {
  %operand = stablehlo.constant dense<[-1.5, 0.5, 2.25, 1024.0]> : tensor<4xf32>
  %result = stablehlo.negate %operand : tensor<4xf32>
  check.expect_eq_const %result, dense<[1.5, -0.5, -2.25, -1024.0]> : tensor<4xf32>
  func.return
}
