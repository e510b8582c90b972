func.func @dynamic_slice_f32() {
  %x = stablehlo.constant dense<[[1.0, 1.0, 3.0, 2.0], [5.0, 3.0, 7.0, 4.0], [9.0, 5.0, 11.0, 6.0], [13.0, 7.0, 15.0, 8.0]]> : tensor<4x4xf32>
  %i1 = stablehlo.constant dense<1> : tensor<i64>
  %i3 = stablehlo.constant dense<3> : tensor<i32>
  %neg = stablehlo.constant dense<-5> : tensor<i32>
  %u1 = stablehlo.constant dense<1> : tensor<ui32>
  %i1b = stablehlo.constant dense<1> : tensor<i32>
  %a = stablehlo.dynamic_slice %x, %i1b, %i3, sizes = [2, 2] : (tensor<4x4xf32>, tensor<i32>, tensor<i32>) -> tensor<2x2xf32>
  check.expect_eq_const %a, dense<[[7.0, 4.0], [11.0, 6.0]]> : tensor<2x2xf32>
  %b = stablehlo.dynamic_slice %x, %neg, %i1b, sizes = [3, 1] : (tensor<4x4xf32>, tensor<i32>, tensor<i32>) -> tensor<3x1xf32>
  check.expect_eq_const %b, dense<[[1.0], [3.0], [5.0]]> : tensor<3x1xf32>
  %c = "stablehlo.dynamic_slice"(%x, %i1, %i1) <{slice_sizes = array<i64: 2, 2>}> : (tensor<4x4xf32>, tensor<i64>, tensor<i64>) -> tensor<2x2xf32>
  check.expect_eq_const %c, dense<[[3.0, 7.0], [5.0, 11.0]]> : tensor<2x2xf32>
  %d = stablehlo.dynamic_slice %x, %u1, %u1, sizes = [1, 3] : (tensor<4x4xf32>, tensor<ui32>, tensor<ui32>) -> tensor<1x3xf32>
  check.expect_eq_const %d, dense<[[3.0, 7.0, 4.0]]> : tensor<1x3xf32>
  func.return
}
