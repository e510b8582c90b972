func.func @reshape_ui64() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xui64>
  %a = stablehlo.reshape %x : (tensor<2x3xui64>) -> tensor<3x2xui64>
  check.expect_eq_const %a, dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xui64>
  %b = stablehlo.reshape %x : (tensor<2x3xui64>) -> tensor<1x6x1xui64>
  check.expect_eq_const %b, dense<[[[1], [2], [3], [4], [5], [6]]]> : tensor<1x6x1xui64>
  %c = stablehlo.reshape %b : (tensor<1x6x1xui64>) -> tensor<6xui64>
  check.expect_eq_const %c, dense<[1, 2, 3, 4, 5, 6]> : tensor<6xui64>
  func.return
}
