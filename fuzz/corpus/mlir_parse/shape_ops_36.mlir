func.func @dynamic_slice_i64() {
  %x = stablehlo.constant dense<[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]]> : tensor<4x4xi64>
  %i1 = stablehlo.constant dense<1> : tensor<i64>
  %i3 = stablehlo.constant dense<3> : tensor<i32>
  %neg = stablehlo.constant dense<-5> : tensor<i32>
  %u1 = stablehlo.constant dense<1> : tensor<ui32>
  %i1b = stablehlo.constant dense<1> : tensor<i32>
  %a = stablehlo.dynamic_slice %x, %i1b, %i3, sizes = [2, 2] : (tensor<4x4xi64>, tensor<i32>, tensor<i32>) -> tensor<2x2xi64>
  check.expect_eq_const %a, dense<[[7, 8], [11, 12]]> : tensor<2x2xi64>
  %b = stablehlo.dynamic_slice %x, %neg, %i1b, sizes = [3, 1] : (tensor<4x4xi64>, tensor<i32>, tensor<i32>) -> tensor<3x1xi64>
  check.expect_eq_const %b, dense<[[2], [6], [10]]> : tensor<3x1xi64>
  %c = "stablehlo.dynamic_slice"(%x, %i1, %i1) <{slice_sizes = array<i64: 2, 2>}> : (tensor<4x4xi64>, tensor<i64>, tensor<i64>) -> tensor<2x2xi64>
  check.expect_eq_const %c, dense<[[6, 7], [10, 11]]> : tensor<2x2xi64>
  %d = stablehlo.dynamic_slice %x, %u1, %u1, sizes = [1, 3] : (tensor<4x4xi64>, tensor<ui32>, tensor<ui32>) -> tensor<1x3xi64>
  check.expect_eq_const %d, dense<[[6, 7, 8]]> : tensor<1x3xi64>
  func.return
}
