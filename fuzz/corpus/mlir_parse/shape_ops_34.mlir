func.func @transpose_i64() {
  %x = stablehlo.constant dense<[[[1, 2], [3, 4], [5, 6]], [[7, 8], [9, 10], [11, 12]]]> : tensor<2x3x2xi64>
  %m = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi64>
  %a = stablehlo.transpose %x, dims = [2, 0, 1] : (tensor<2x3x2xi64>) -> tensor<2x2x3xi64>
  check.expect_eq_const %a, dense<[[[1, 3, 5], [7, 9, 11]], [[2, 4, 6], [8, 10, 12]]]> : tensor<2x2x3xi64>
  %b = stablehlo.transpose %m, dims = [1, 0] : (tensor<2x3xi64>) -> tensor<3x2xi64>
  check.expect_eq_const %b, dense<[[1, 4], [2, 5], [3, 6]]> : tensor<3x2xi64>
  func.return
}
