func.func @reduce_i8() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi8>
  %init = stablehlo.constant dense<0> : tensor<i8>
  %low = stablehlo.constant dense<-128> : tensor<i8>
  %r1 = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [1] : (tensor<2x3xi8>, tensor<i8>) -> tensor<2xi8>
  check.expect_eq_const %r1, dense<[6, 15]> : tensor<2xi8>
  %r0 = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [0] : (tensor<2x3xi8>, tensor<i8>) -> tensor<3xi8>
  check.expect_eq_const %r0, dense<[5, 7, 9]> : tensor<3xi8>
  %all = "stablehlo.reduce"(%x, %init) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%a: tensor<i8>, %b: tensor<i8>):
    %s = stablehlo.add %a, %b : tensor<i8>
    stablehlo.return %s : tensor<i8>
  }) : (tensor<2x3xi8>, tensor<i8>) -> tensor<i8>
  check.expect_eq_const %all, dense<21> : tensor<i8>
  %mx = stablehlo.reduce(%x init: %low) applies stablehlo.maximum across dimensions = [1] : (tensor<2x3xi8>, tensor<i8>) -> tensor<2xi8>
  check.expect_eq_const %mx, dense<[3, 6]> : tensor<2xi8>
  func.return
}
