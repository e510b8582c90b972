func.func @reverse_i16() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi16>
  %a = stablehlo.reverse %x, dims = [1] : tensor<2x3xi16>
  check.expect_eq_const %a, dense<[[3, 2, 1], [6, 5, 4]]> : tensor<2x3xi16>
  %b = stablehlo.reverse %x, dims = [0, 1] : tensor<2x3xi16>
  check.expect_eq_const %b, dense<[[6, 5, 4], [3, 2, 1]]> : tensor<2x3xi16>
  func.return
}
