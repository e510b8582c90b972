// Data-movement ops on every element type: broadcast_in_dim, reshape, transpose, slice,
// dynamic_slice (start indices clamped to [0, dim - size]), concatenate, pad (edge, interior and
// negative padding) and reverse.

func.func @broadcast_in_dim_i1() {
  %x = stablehlo.constant dense<[false, true, false]> : tensor<3xi1>
  %y = stablehlo.constant dense<[[false, true, false]]> : tensor<1x3xi1>
  %a = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<3xi1>) -> tensor<2x3xi1>
  check.expect_eq_const %a, dense<[[false, true, false], [false, true, false]]> : tensor<2x3xi1>
  %b = stablehlo.broadcast_in_dim %y, dims = [0, 2] : (tensor<1x3xi1>) -> tensor<2x2x3xi1>
  check.expect_eq_const %b, dense<[[[false, true, false], [false, true, false]], [[false, true, false], [false, true, false]]]> : tensor<2x2x3xi1>
  %c = stablehlo.broadcast_in_dim %x, dims = [0] : (tensor<3xi1>) -> tensor<3xi1>
  check.expect_eq_const %c, dense<[false, true, false]> : tensor<3xi1>
  func.return
}
