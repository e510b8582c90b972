func.func @transpose_ui8() {
  %x = stablehlo.constant dense<[[[1, 2], [3, 4], [5, 6]], [[7, 8], [9, 10], [11, 12]]]> : tensor<2x3x2xui8>
  %m = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xui8>
  %a = stablehlo.transpose %x, dims = [2, 0, 1] : (tensor<2x3x2xui8>) -> tensor<2x2x3xui8>
  check.expect_eq_const %a, dense<[[[1, 3, 5], [7, 9, 11]], [[2, 4, 6], [8, 10, 12]]]> : tensor<2x2x3xui8>
  %b = stablehlo.transpose %m, dims = [1, 0] : (tensor<2x3xui8>) -> tensor<3x2xui8>
  check.expect_eq_const %b, dense<[[1, 4], [2, 5], [3, 6]]> : tensor<3x2xui8>
  func.return
}
