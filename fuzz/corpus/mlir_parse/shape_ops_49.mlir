func.func @reshape_ui16() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xui16>
  %a = stablehlo.reshape %x : (tensor<2x3xui16>) -> tensor<3x2xui16>
  check.expect_eq_const %a, dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xui16>
  %b = stablehlo.reshape %x : (tensor<2x3xui16>) -> tensor<1x6x1xui16>
  check.expect_eq_const %b, dense<[[[1], [2], [3], [4], [5], [6]]]> : tensor<1x6x1xui16>
  %c = stablehlo.reshape %b : (tensor<1x6x1xui16>) -> tensor<6xui16>
  check.expect_eq_const %c, dense<[1, 2, 3, 4, 5, 6]> : tensor<6xui16>
  func.return
}
