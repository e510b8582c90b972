func.func @reduce_ui64() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xui64>
  %init = stablehlo.constant dense<0> : tensor<ui64>
  %low = stablehlo.constant dense<0> : tensor<ui64>
  %r1 = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [1] : (tensor<2x3xui64>, tensor<ui64>) -> tensor<2xui64>
  check.expect_eq_const %r1, dense<[6, 15]> : tensor<2xui64>
  %r0 = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [0] : (tensor<2x3xui64>, tensor<ui64>) -> tensor<3xui64>
  check.expect_eq_const %r0, dense<[5, 7, 9]> : tensor<3xui64>
  %all = "stablehlo.reduce"(%x, %init) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%a: tensor<ui64>, %b: tensor<ui64>):
    %s = stablehlo.add %a, %b : tensor<ui64>
    stablehlo.return %s : tensor<ui64>
  }) : (tensor<2x3xui64>, tensor<ui64>) -> tensor<ui64>
  check.expect_eq_const %all, dense<21> : tensor<ui64>
  %mx = stablehlo.reduce(%x init: %low) applies stablehlo.maximum across dimensions = [1] : (tensor<2x3xui64>, tensor<ui64>) -> tensor<2xui64>
  check.expect_eq_const %mx, dense<[3, 6]> : tensor<2xui64>
  func.return
}
