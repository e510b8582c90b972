func.func @broadcast_in_dim_i32() {
  %x = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %y = stablehlo.constant dense<[[3, 2, 1]]> : tensor<1x3xi32>
  %a = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<3xi32>) -> tensor<2x3xi32>
  check.expect_eq_const %a, dense<[[1, 2, 3], [1, 2, 3]]> : tensor<2x3xi32>
  %b = stablehlo.broadcast_in_dim %y, dims = [0, 2] : (tensor<1x3xi32>) -> tensor<2x2x3xi32>
  check.expect_eq_const %b, dense<[[[3, 2, 1], [3, 2, 1]], [[3, 2, 1], [3, 2, 1]]]> : tensor<2x2x3xi32>
  %c = stablehlo.broadcast_in_dim %x, dims = [0] : (tensor<3xi32>) -> tensor<3xi32>
  check.expect_eq_const %c, dense<[1, 2, 3]> : tensor<3xi32>
  func.return
}
