func.func @broadcast_in_dim_unordered_dims() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %b = stablehlo.broadcast_in_dim %x, dims = [2, 0] : (tensor<2x3xi32>) -> tensor<3x2x2xi32>
  check.expect_eq_const %b, dense<[[[1, 4], [1, 4]], [[2, 5], [2, 5]], [[3, 6], [3, 6]]]> : tensor<3x2x2xi32>
  func.return
}
