func.func @reshape_i64() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi64>
  %a = stablehlo.reshape %x : (tensor<2x3xi64>) -> tensor<3x2xi64>
  check.expect_eq_const %a, dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi64>
  %b = stablehlo.reshape %x : (tensor<2x3xi64>) -> tensor<1x6x1xi64>
  check.expect_eq_const %b, dense<[[[1], [2], [3], [4], [5], [6]]]> : tensor<1x6x1xi64>
  %c = stablehlo.reshape %b : (tensor<1x6x1xi64>) -> tensor<6xi64>
  check.expect_eq_const %c, dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi64>
  func.return
}
