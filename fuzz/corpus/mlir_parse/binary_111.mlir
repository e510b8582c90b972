func.func @add_scalar_f32() {
  %a = stablehlo.constant dense<1.5> : tensor<f32>
  %b = stablehlo.constant dense<2.0> : tensor<f32>
  %r = stablehlo.add %a, %b : tensor<f32>
  check.expect_eq_const %r, dense<3.5> : tensor<f32>
  func.return
}
