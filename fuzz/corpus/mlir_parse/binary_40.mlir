func.func @divide_f32() {
  %lhs = stablehlo.constant dense<[17.0, -1.5, 2.25, 1.0]> : tensor<4xf32>
  %rhs = stablehlo.constant dense<[2.0, 0.5, -4.0, -8.0]> : tensor<4xf32>
  %result = stablehlo.divide %lhs, %rhs : tensor<4xf32>
  check.expect_eq_const %result, dense<[8.5, -3.0, -0.5625, -0.125]> : tensor<4xf32>
  func.return
}
