func.func @dynamic_slice_index_types() {
  %x = stablehlo.constant dense<[0, 1, 2, 3, 4, 5, 6, 7]> : tensor<8xi32>
  %u = stablehlo.constant dense<4000000000> : tensor<ui32>
  %a = stablehlo.dynamic_slice %x, %u, sizes = [3] : (tensor<8xi32>, tensor<ui32>) -> tensor<3xi32>
  check.expect_eq_const %a, dense<[5, 6, 7]> : tensor<3xi32>
  %s = stablehlo.constant dense<-100> : tensor<i8>
  %b = stablehlo.dynamic_slice %x, %s, sizes = [2] : (tensor<8xi32>, tensor<i8>) -> tensor<2xi32>
  check.expect_eq_const %b, dense<[0, 1]> : tensor<2xi32>
  %big = stablehlo.constant dense<9223372036854775807> : tensor<i64>
  %c = stablehlo.dynamic_slice %x, %big, sizes = [8] : (tensor<8xi32>, tensor<i64>) -> tensor<8xi32>
  check.expect_eq %c, %x : tensor<8xi32>
  func.return
}
