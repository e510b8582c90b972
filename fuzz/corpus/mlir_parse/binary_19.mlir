func.func @subtract_f32() {
  %lhs = stablehlo.constant dense<[-1.5, 0.0, 2.25, 1024.0]> : tensor<4xf32>
  %rhs = stablehlo.constant dense<[0.5, -4.0, 0.75, 1.0]> : tensor<4xf32>
  %result = stablehlo.subtract %lhs, %rhs : tensor<4xf32>
  check.expect_eq_const %result, dense<[-2.0, 4.0, 1.5, 1023.0]> : tensor<4xf32>
  func.return
}
