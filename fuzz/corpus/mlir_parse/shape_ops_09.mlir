func.func @reshape_i8() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi8>
  %a = stablehlo.reshape %x : (tensor<2x3xi8>) -> tensor<3x2xi8>
  check.expect_eq_const %a, dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi8>
  %b = stablehlo.reshape %x : (tensor<2x3xi8>) -> tensor<1x6x1xi8>
  check.expect_eq_const %b, dense<[[[1], [2], [3], [4], [5], [6]]]> : tensor<1x6x1xi8>
  %c = stablehlo.reshape %b : (tensor<1x6x1xi8>) -> tensor<6xi8>
  check.expect_eq_const %c, dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi8>
  func.return
}
