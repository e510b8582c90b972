func.func @minimum_f32() {
  %lhs = stablehlo.constant dense<[-1.5, 0.0, 2.25, 1000.0]> : tensor<4xf32>
  %rhs = stablehlo.constant dense<[0.5, -4.0, 2.25, -1000.0]> : tensor<4xf32>
  %result = stablehlo.minimum %lhs, %rhs : tensor<4xf32>
  check.expect_eq_const %result, dense<[-1.5, -4.0, 2.25, -1000.0]> : tensor<4xf32>
  func.return
}
