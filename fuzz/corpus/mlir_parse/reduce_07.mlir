func.func @reduce_ui32() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xui32>
  %init = stablehlo.constant dense<0> : tensor<ui32>
  %low = stablehlo.constant dense<0> : tensor<ui32>
  %r1 = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [1] : (tensor<2x3xui32>, tensor<ui32>) -> tensor<2xui32>
  check.expect_eq_const %r1, dense<[6, 15]> : tensor<2xui32>
  %r0 = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [0] : (tensor<2x3xui32>, tensor<ui32>) -> tensor<3xui32>
  check.expect_eq_const %r0, dense<[5, 7, 9]> : tensor<3xui32>
  %all = "stablehlo.reduce"(%x, %init) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%a: tensor<ui32>, %b: tensor<ui32>):
    %s = stablehlo.add %a, %b : tensor<ui32>
    stablehlo.return %s : tensor<ui32>
  }) : (tensor<2x3xui32>, tensor<ui32>) -> tensor<ui32>
  check.expect_eq_const %all, dense<21> : tensor<ui32>
  %mx = stablehlo.reduce(%x init: %low) applies stablehlo.maximum across dimensions = [1] : (tensor<2x3xui32>, tensor<ui32>) -> tensor<2xui32>
  check.expect_eq_const %mx, dense<[3, 6]> : tensor<2xui32>
  func.return
}
