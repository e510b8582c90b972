func.func @reshape_ui8() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xui8>
  %a = stablehlo.reshape %x : (tensor<2x3xui8>) -> tensor<3x2xui8>
  check.expect_eq_const %a, dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xui8>
  %b = stablehlo.reshape %x : (tensor<2x3xui8>) -> tensor<1x6x1xui8>
  check.expect_eq_const %b, dense<[[[1], [2], [3], [4], [5], [6]]]> : tensor<1x6x1xui8>
  %c = stablehlo.reshape %b : (tensor<1x6x1xui8>) -> tensor<6xui8>
  check.expect_eq_const %c, dense<[1, 2, 3, 4, 5, 6]> : tensor<6xui8>
  func.return
}
