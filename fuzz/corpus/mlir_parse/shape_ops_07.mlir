func.func @reverse_i1() {
  %x = stablehlo.constant dense<[[false, true, false], [false, true, false]]> : tensor<2x3xi1>
  %a = stablehlo.reverse %x, dims = [1] : tensor<2x3xi1>
  check.expect_eq_const %a, dense<[[false, true, false], [false, true, false]]> : tensor<2x3xi1>
  %b = stablehlo.reverse %x, dims = [0, 1] : tensor<2x3xi1>
  check.expect_eq_const %b, dense<[[false, true, false], [false, true, false]]> : tensor<2x3xi1>
  func.return
}
