func.func @pad_i1() {
  %x = stablehlo.constant dense<[[false, true, false], [false, true, false]]> : tensor<2x3xi1>
  %zero = stablehlo.constant dense<false> : tensor<i1>
  %fill = stablehlo.constant dense<true> : tensor<i1>
  %a = stablehlo.pad %x, %zero, low = [0, 1], high = [2, 1], interior = [1, 2] : (tensor<2x3xi1>, tensor<i1>) -> tensor<5x9xi1>
  check.expect_eq_const %a, dense<[[false, false, false, false, true, false, false, false, false], [false, false, false, false, false, false, false, false, false], [false, false, false, false, true, false, false, false, false], [false, false, false, false, false, false, false, false, false], [false, false, false, false, false, false, false, false, false]]> : tensor<5x9xi1>
  %b = stablehlo.pad %x, %fill, low = [-1, 1], high = [1, -2], interior = [0, 1] : (tensor<2x3xi1>, tensor<i1>) -> tensor<2x4xi1>
  check.expect_eq_const %b, dense<[[true, false, true, true], [true, true, true, true]]> : tensor<2x4xi1>
  func.return
}
