func.func @abs_f32() {
  %operand = stablehlo.constant dense<[-1.5, 0.0, 2.25, -1024.0]> : tensor<4xf32>
  %result = stablehlo.abs %operand : tensor<4xf32>
  check.expect_eq_const %result, dense<[1.5, 0.0, 2.25, 1024.0]> : tensor<4xf32>
  func.return
}
