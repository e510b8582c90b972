func.func @concatenate_f64() {
  %a = stablehlo.constant dense<[[1.0, 1.0, 3.0]]> : tensor<1x3xf64>
  %b = stablehlo.constant dense<[[2.0, 5.0, 3.0], [7.0, 4.0, 9.0]]> : tensor<2x3xf64>
  %c = stablehlo.constant dense<1.0> : tensor<2x1xf64>
  %r0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<1x3xf64>, tensor<2x3xf64>) -> tensor<3x3xf64>
  check.expect_eq_const %r0, dense<[[1.0, 1.0, 3.0], [2.0, 5.0, 3.0], [7.0, 4.0, 9.0]]> : tensor<3x3xf64>
  %r1 = stablehlo.concatenate %b, %c, %b, dim = 1 : (tensor<2x3xf64>, tensor<2x1xf64>, tensor<2x3xf64>) -> tensor<2x7xf64>
  check.expect_eq_const %r1, dense<[[2.0, 5.0, 3.0, 1.0, 2.0, 5.0, 3.0], [7.0, 4.0, 9.0, 1.0, 7.0, 4.0, 9.0]]> : tensor<2x7xf64>
  func.return
}
