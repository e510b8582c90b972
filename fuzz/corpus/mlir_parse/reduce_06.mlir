func.func @reduce_ui16() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xui16>
  %init = stablehlo.constant dense<0> : tensor<ui16>
  %low = stablehlo.constant dense<0> : tensor<ui16>
  %r1 = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [1] : (tensor<2x3xui16>, tensor<ui16>) -> tensor<2xui16>
  check.expect_eq_const %r1, dense<[6, 15]> : tensor<2xui16>
  %r0 = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [0] : (tensor<2x3xui16>, tensor<ui16>) -> tensor<3xui16>
  check.expect_eq_const %r0, dense<[5, 7, 9]> : tensor<3xui16>
  %all = "stablehlo.reduce"(%x, %init) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%a: tensor<ui16>, %b: tensor<ui16>):
    %s = stablehlo.add %a, %b : tensor<ui16>
    stablehlo.return %s : tensor<ui16>
  }) : (tensor<2x3xui16>, tensor<ui16>) -> tensor<ui16>
  check.expect_eq_const %all, dense<21> : tensor<ui16>
  %mx = stablehlo.reduce(%x init: %low) applies stablehlo.maximum across dimensions = [1] : (tensor<2x3xui16>, tensor<ui16>) -> tensor<2xui16>
  check.expect_eq_const %mx, dense<[3, 6]> : tensor<2xui16>
  func.return
}
