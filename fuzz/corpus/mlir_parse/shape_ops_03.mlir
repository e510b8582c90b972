func.func @slice_i1() {
  %x = stablehlo.constant dense<[[false, true, false, false], [true, false, true, false], [false, true, false, true]]> : tensor<3x4xi1>
  %a = stablehlo.slice %x [0:3:2, 1:4:2] : (tensor<3x4xi1>) -> tensor<2x2xi1>
  check.expect_eq_const %a, dense<[[true, false], [true, true]]> : tensor<2x2xi1>
  %b = stablehlo.slice %x [1:3, 0:3] : (tensor<3x4xi1>) -> tensor<2x3xi1>
  check.expect_eq_const %b, dense<[[true, false, true], [false, true, false]]> : tensor<2x3xi1>
  %c = "stablehlo.slice"(%x) <{start_indices = array<i64: 1, 0>, limit_indices = array<i64: 3, 3>, strides = array<i64: 1, 1>}> : (tensor<3x4xi1>) -> tensor<2x3xi1>
  check.expect_eq %c, %b : tensor<2x3xi1>
  func.return
}
