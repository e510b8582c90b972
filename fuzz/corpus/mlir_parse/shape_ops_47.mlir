func.func @reverse_ui8() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xui8>
  %a = stablehlo.reverse %x, dims = [1] : tensor<2x3xui8>
  check.expect_eq_const %a, dense<[[3, 2, 1], [6, 5, 4]]> : tensor<2x3xui8>
  %b = stablehlo.reverse %x, dims = [0, 1] : tensor<2x3xui8>
  check.expect_eq_const %b, dense<[[6, 5, 4], [3, 2, 1]]> : tensor<2x3xui8>
  func.return
}
