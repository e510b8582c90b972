func.func @pad_i8() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi8>
  %zero = stablehlo.constant dense<0> : tensor<i8>
  %fill = stablehlo.constant dense<9> : tensor<i8>
  %a = stablehlo.pad %x, %zero, low = [0, 1], high = [2, 1], interior = [1, 2] : (tensor<2x3xi8>, tensor<i8>) -> tensor<5x9xi8>
  check.expect_eq_const %a, dense<[[0, 1, 0, 0, 2, 0, 0, 3, 0], [0, 0, 0, 0, 0, 0, 0, 0, 0], [0, 4, 0, 0, 5, 0, 0, 6, 0], [0, 0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0, 0]]> : tensor<5x9xi8>
  %b = stablehlo.pad %x, %fill, low = [-1, 1], high = [1, -2], interior = [0, 1] : (tensor<2x3xi8>, tensor<i8>) -> tensor<2x4xi8>
  check.expect_eq_const %b, dense<[[9, 4, 9, 5], [9, 9, 9, 9]]> : tensor<2x4xi8>
  func.return
}
