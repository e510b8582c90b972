func.func @remainder_f32() {
  %lhs = stablehlo.constant dense<[17.5, -17.5, 5.25, -5.25]> : tensor<4xf32>
  %rhs = stablehlo.constant dense<[3.0, 3.0, -2.0, -2.0]> : tensor<4xf32>
  %result = stablehlo.remainder %lhs, %rhs : tensor<4xf32>
  check.expect_eq_const %result, dense<[2.5, -2.5, 1.25, -1.25]> : tensor<4xf32>
  func.return
}
