func.func @reduce_ui8() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xui8>
  %init = stablehlo.constant dense<0> : tensor<ui8>
  %low = stablehlo.constant dense<0> : tensor<ui8>
  %r1 = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [1] : (tensor<2x3xui8>, tensor<ui8>) -> tensor<2xui8>
  check.expect_eq_const %r1, dense<[6, 15]> : tensor<2xui8>
  %r0 = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [0] : (tensor<2x3xui8>, tensor<ui8>) -> tensor<3xui8>
  check.expect_eq_const %r0, dense<[5, 7, 9]> : tensor<3xui8>
  %all = "stablehlo.reduce"(%x, %init) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%a: tensor<ui8>, %b: tensor<ui8>):
    %s = stablehlo.add %a, %b : tensor<ui8>
    stablehlo.return %s : tensor<ui8>
  }) : (tensor<2x3xui8>, tensor<ui8>) -> tensor<ui8>
  check.expect_eq_const %all, dense<21> : tensor<ui8>
  %mx = stablehlo.reduce(%x init: %low) applies stablehlo.maximum across dimensions = [1] : (tensor<2x3xui8>, tensor<ui8>) -> tensor<2xui8>
  check.expect_eq_const %mx, dense<[3, 6]> : tensor<2xui8>
  func.return
}
