func.func @reshape_i1() {
  %x = stablehlo.constant dense<[[false, true, false], [false, true, false]]> : tensor<2x3xi1>
  %a = stablehlo.reshape %x : (tensor<2x3xi1>) -> tensor<3x2xi1>
  check.expect_eq_const %a, dense<[[false, true], [false, false], [true, false]]> : tensor<3x2xi1>
  %b = stablehlo.reshape %x : (tensor<2x3xi1>) -> tensor<1x6x1xi1>
  check.expect_eq_const %b, dense<[[[false], [true], [false], [false], [true], [false]]]> : tensor<1x6x1xi1>
  %c = stablehlo.reshape %b : (tensor<1x6x1xi1>) -> tensor<6xi1>
  check.expect_eq_const %c, dense<[false, true, false, false, true, false]> : tensor<6xi1>
  func.return
}
