func.func @slice_i64() {
  %x = stablehlo.constant dense<[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]> : tensor<3x4xi64>
  %a = stablehlo.slice %x [0:3:2, 1:4:2] : (tensor<3x4xi64>) -> tensor<2x2xi64>
  check.expect_eq_const %a, dense<[[2, 4], [10, 12]]> : tensor<2x2xi64>
  %b = stablehlo.slice %x [1:3, 0:3] : (tensor<3x4xi64>) -> tensor<2x3xi64>
  check.expect_eq_const %b, dense<[[5, 6, 7], [9, 10, 11]]> : tensor<2x3xi64>
  %c = "stablehlo.slice"(%x) <{start_indices = array<i64: 1, 0>, limit_indices = array<i64: 3, 3>, strides = array<i64: 1, 1>}> : (tensor<3x4xi64>) -> tensor<2x3xi64>
  check.expect_eq %c, %b : tensor<2x3xi64>
  func.return
}
