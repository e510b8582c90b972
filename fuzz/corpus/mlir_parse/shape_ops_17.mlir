func.func @reshape_i16() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi16>
  %a = stablehlo.reshape %x : (tensor<2x3xi16>) -> tensor<3x2xi16>
  check.expect_eq_const %a, dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi16>
  %b = stablehlo.reshape %x : (tensor<2x3xi16>) -> tensor<1x6x1xi16>
  check.expect_eq_const %b, dense<[[[1], [2], [3], [4], [5], [6]]]> : tensor<1x6x1xi16>
  %c = stablehlo.reshape %b : (tensor<1x6x1xi16>) -> tensor<6xi16>
  check.expect_eq_const %c, dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi16>
  func.return
}
