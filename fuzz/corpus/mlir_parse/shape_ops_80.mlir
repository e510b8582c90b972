func.func @broadcast_in_dim_f64() {
  %x = stablehlo.constant dense<[1.0, 1.0, 3.0]> : tensor<3xf64>
  %y = stablehlo.constant dense<[[3.0, 1.0, 1.0]]> : tensor<1x3xf64>
  %a = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<3xf64>) -> tensor<2x3xf64>
  check.expect_eq_const %a, dense<[[1.0, 1.0, 3.0], [1.0, 1.0, 3.0]]> : tensor<2x3xf64>
  %b = stablehlo.broadcast_in_dim %y, dims = [0, 2] : (tensor<1x3xf64>) -> tensor<2x2x3xf64>
  check.expect_eq_const %b, dense<[[[3.0, 1.0, 1.0], [3.0, 1.0, 1.0]], [[3.0, 1.0, 1.0], [3.0, 1.0, 1.0]]]> : tensor<2x2x3xf64>
  %c = stablehlo.broadcast_in_dim %x, dims = [0] : (tensor<3xf64>) -> tensor<3xf64>
  check.expect_eq_const %c, dense<[1.0, 1.0, 3.0]> : tensor<3xf64>
  func.return
}
