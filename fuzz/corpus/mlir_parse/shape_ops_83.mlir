func.func @slice_f64() {
  %x = stablehlo.constant dense<[[1.0, 1.0, 3.0, 2.0], [5.0, 3.0, 7.0, 4.0], [9.0, 5.0, 11.0, 6.0]]> : tensor<3x4xf64>
  %a = stablehlo.slice %x [0:3:2, 1:4:2] : (tensor<3x4xf64>) -> tensor<2x2xf64>
  check.expect_eq_const %a, dense<[[1.0, 2.0], [5.0, 6.0]]> : tensor<2x2xf64>
  %b = stablehlo.slice %x [1:3, 0:3] : (tensor<3x4xf64>) -> tensor<2x3xf64>
  check.expect_eq_const %b, dense<[[5.0, 3.0, 7.0], [9.0, 5.0, 11.0]]> : tensor<2x3xf64>
  %c = "stablehlo.slice"(%x) <{start_indices = array<i64: 1, 0>, limit_indices = array<i64: 3, 3>, strides = array<i64: 1, 1>}> : (tensor<3x4xf64>) -> tensor<2x3xf64>
  check.expect_eq %c, %b : tensor<2x3xf64>
  func.return
}
