func.func @scalars_through_shape_ops() {
  %s = stablehlo.constant dense<5> : tensor<ui16>
  %r = stablehlo.reshape %s : (tensor<ui16>) -> tensor<1x1xui16>
  %t = stablehlo.transpose %r, dims = [1, 0] : (tensor<1x1xui16>) -> tensor<1x1xui16>
  %b = stablehlo.broadcast_in_dim %t, dims = [0, 1] : (tensor<1x1xui16>) -> tensor<2x3xui16>
  check.expect_eq_const %b, dense<5> : tensor<2x3xui16>
  %back = stablehlo.reshape %t : (tensor<1x1xui16>) -> tensor<ui16>
  %rev = stablehlo.reverse %back, dims = [] : tensor<ui16>
  check.expect_eq %rev, %s : tensor<ui16>
  func.return
}
