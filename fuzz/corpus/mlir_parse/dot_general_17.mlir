func.func @dot_general_transposed_f32() {
  %a = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %b = stablehlo.constant dense<[[1.0, -1.0, 2.0], [0.0, -2.0, 3.0]]> : tensor<2x3xf32>
  %r = stablehlo.dot_general %a, %b, contracting_dims = [0] x [1] : (tensor<3x2xf32>, tensor<2x3xf32>) -> tensor<2x2xf32>
  check.expect_eq_const %r, dense<[[8.0, 9.0], [10.0, 10.0]]> : tensor<2x2xf32>
  func.return
}
