func.func @concatenate_i64() {
  %a = stablehlo.constant dense<[[1, 2, 3]]> : tensor<1x3xi64>
  %b = stablehlo.constant dense<[[4, 5, 6], [7, 8, 9]]> : tensor<2x3xi64>
  %c = stablehlo.constant dense<[[2], [1]]> : tensor<2x1xi64>
  %r0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<1x3xi64>, tensor<2x3xi64>) -> tensor<3x3xi64>
  check.expect_eq_const %r0, dense<[[1, 2, 3], [4, 5, 6], [7, 8, 9]]> : tensor<3x3xi64>
  %r1 = stablehlo.concatenate %b, %c, %b, dim = 1 : (tensor<2x3xi64>, tensor<2x1xi64>, tensor<2x3xi64>) -> tensor<2x7xi64>
  check.expect_eq_const %r1, dense<[[4, 5, 6, 2, 4, 5, 6], [7, 8, 9, 1, 7, 8, 9]]> : tensor<2x7xi64>
  func.return
}
