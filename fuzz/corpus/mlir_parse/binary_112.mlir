func.func @multiply_2d_i32() {
  %a = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %b = stablehlo.constant dense<[[-1, 2, -3], [4, -5, 6]]> : tensor<2x3xi32>
  %r = stablehlo.multiply %a, %b : tensor<2x3xi32>
  check.expect_eq_const %r, dense<[[-1, 4, -9], [16, -25, 36]]> : tensor<2x3xi32>
  func.return
}
