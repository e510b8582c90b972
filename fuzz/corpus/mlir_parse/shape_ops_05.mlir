func.func @concatenate_i1() {
  %a = stablehlo.constant dense<[[false, true, false]]> : tensor<1x3xi1>
  %b = stablehlo.constant dense<[[false, true, false], [true, false, false]]> : tensor<2x3xi1>
  %c = stablehlo.constant dense<[[true], [false]]> : tensor<2x1xi1>
  %r0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<1x3xi1>, tensor<2x3xi1>) -> tensor<3x3xi1>
  check.expect_eq_const %r0, dense<[[false, true, false], [false, true, false], [true, false, false]]> : tensor<3x3xi1>
  %r1 = stablehlo.concatenate %b, %c, %b, dim = 1 : (tensor<2x3xi1>, tensor<2x1xi1>, tensor<2x3xi1>) -> tensor<2x7xi1>
  check.expect_eq_const %r1, dense<[[false, true, false, true, false, true, false], [true, false, false, false, true, false, false]]> : tensor<2x7xi1>
  func.return
}
