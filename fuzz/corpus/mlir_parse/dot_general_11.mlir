func.func @dot_general_transposed_ui16() {
  %a = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xui16>
  %b = stablehlo.constant dense<[[1, 4, 2], [0, 2, 3]]> : tensor<2x3xui16>
  %r = stablehlo.dot_general %a, %b, contracting_dims = [0] x [1] : (tensor<3x2xui16>, tensor<2x3xui16>) -> tensor<2x2xui16>
  check.expect_eq_const %r, dense<[[23, 21], [30, 26]]> : tensor<2x2xui16>
  func.return
}
