func.func @transpose_i1() {
  %x = stablehlo.constant dense<[[[false, true], [false, false], [true, false]], [[true, false], [false, true], [false, true]]]> : tensor<2x3x2xi1>
  %m = stablehlo.constant dense<[[false, true, false], [false, true, false]]> : tensor<2x3xi1>
  %a = stablehlo.transpose %x, dims = [2, 0, 1] : (tensor<2x3x2xi1>) -> tensor<2x2x3xi1>
  check.expect_eq_const %a, dense<[[[false, false, true], [true, false, false]], [[true, false, false], [false, true, true]]]> : tensor<2x2x3xi1>
  %b = stablehlo.transpose %m, dims = [1, 0] : (tensor<2x3xi1>) -> tensor<3x2xi1>
  check.expect_eq_const %b, dense<[[false, false], [true, true], [false, false]]> : tensor<3x2xi1>
  func.return
}
