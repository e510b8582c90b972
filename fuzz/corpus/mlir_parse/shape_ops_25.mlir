func.func @reshape_i32() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %a = stablehlo.reshape %x : (tensor<2x3xi32>) -> tensor<3x2xi32>
  check.expect_eq_const %a, dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>
  %b = stablehlo.reshape %x : (tensor<2x3xi32>) -> tensor<1x6x1xi32>
  check.expect_eq_const %b, dense<[[[1], [2], [3], [4], [5], [6]]]> : tensor<1x6x1xi32>
  %c = stablehlo.reshape %b : (tensor<1x6x1xi32>) -> tensor<6xi32>
  check.expect_eq_const %c, dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi32>
  func.return
}
