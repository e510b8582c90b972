func.func @dynamic_slice_i1() {
  %x = stablehlo.constant dense<[[false, true, false, false], [true, false, true, false], [false, true, false, true], [false, false, true, false]]> : tensor<4x4xi1>
  %i1 = stablehlo.constant dense<1> : tensor<i64>
  %i3 = stablehlo.constant dense<3> : tensor<i32>
  %neg = stablehlo.constant dense<-5> : tensor<i32>
  %u1 = stablehlo.constant dense<1> : tensor<ui32>
  %i1b = stablehlo.constant dense<1> : tensor<i32>
  %a = stablehlo.dynamic_slice %x, %i1b, %i3, sizes = [2, 2] : (tensor<4x4xi1>, tensor<i32>, tensor<i32>) -> tensor<2x2xi1>
  check.expect_eq_const %a, dense<[[true, false], [false, true]]> : tensor<2x2xi1>
  %b = stablehlo.dynamic_slice %x, %neg, %i1b, sizes = [3, 1] : (tensor<4x4xi1>, tensor<i32>, tensor<i32>) -> tensor<3x1xi1>
  check.expect_eq_const %b, dense<[[true], [false], [true]]> : tensor<3x1xi1>
  %c = "stablehlo.dynamic_slice"(%x, %i1, %i1) <{slice_sizes = array<i64: 2, 2>}> : (tensor<4x4xi1>, tensor<i64>, tensor<i64>) -> tensor<2x2xi1>
  check.expect_eq_const %c, dense<[[false, true], [true, false]]> : tensor<2x2xi1>
  %d = stablehlo.dynamic_slice %x, %u1, %u1, sizes = [1, 3] : (tensor<4x4xi1>, tensor<ui32>, tensor<ui32>) -> tensor<1x3xi1>
  check.expect_eq_const %d, dense<[[false, true, false]]> : tensor<1x3xi1>
  func.return
}
