func.func @transpose_f64() {
  %x = stablehlo.constant dense<[[[1.0, 1.0], [3.0, 2.0], [5.0, 3.0]], [[7.0, 4.0], [9.0, 5.0], [11.0, 6.0]]]> : tensor<2x3x2xf64>
  %m = stablehlo.constant dense<[[1.0, 1.0, 3.0], [2.0, 5.0, 3.0]]> : tensor<2x3xf64>
  %a = stablehlo.transpose %x, dims = [2, 0, 1] : (tensor<2x3x2xf64>) -> tensor<2x2x3xf64>
  check.expect_eq_const %a, dense<[[[1.0, 3.0, 5.0], [7.0, 9.0, 11.0]], [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]]> : tensor<2x2x3xf64>
  %b = stablehlo.transpose %m, dims = [1, 0] : (tensor<2x3xf64>) -> tensor<3x2xf64>
  check.expect_eq_const %b, dense<[[1.0, 2.0], [1.0, 5.0], [3.0, 3.0]]> : tensor<3x2xf64>
  func.return
}
