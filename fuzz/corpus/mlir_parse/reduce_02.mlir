func.func @reduce_i16() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi16>
  %init = stablehlo.constant dense<0> : tensor<i16>
  %low = stablehlo.constant dense<-32768> : tensor<i16>
  %r1 = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [1] : (tensor<2x3xi16>, tensor<i16>) -> tensor<2xi16>
  check.expect_eq_const %r1, dense<[6, 15]> : tensor<2xi16>
  %r0 = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [0] : (tensor<2x3xi16>, tensor<i16>) -> tensor<3xi16>
  check.expect_eq_const %r0, dense<[5, 7, 9]> : tensor<3xi16>
  %all = "stablehlo.reduce"(%x, %init) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%a: tensor<i16>, %b: tensor<i16>):
    %s = stablehlo.add %a, %b : tensor<i16>
    stablehlo.return %s : tensor<i16>
  }) : (tensor<2x3xi16>, tensor<i16>) -> tensor<i16>
  check.expect_eq_const %all, dense<21> : tensor<i16>
  %mx = stablehlo.reduce(%x init: %low) applies stablehlo.maximum across dimensions = [1] : (tensor<2x3xi16>, tensor<i16>) -> tensor<2xi16>
  check.expect_eq_const %mx, dense<[3, 6]> : tensor<2xi16>
  func.return
}
