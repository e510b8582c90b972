func.func @reduce_i64() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi64>
  %init = stablehlo.constant dense<0> : tensor<i64>
  %low = stablehlo.constant dense<-9223372036854775808> : tensor<i64>
  %r1 = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [1] : (tensor<2x3xi64>, tensor<i64>) -> tensor<2xi64>
  check.expect_eq_const %r1, dense<[6, 15]> : tensor<2xi64>
  %r0 = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [0] : (tensor<2x3xi64>, tensor<i64>) -> tensor<3xi64>
  check.expect_eq_const %r0, dense<[5, 7, 9]> : tensor<3xi64>
  %all = "stablehlo.reduce"(%x, %init) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %s = stablehlo.add %a, %b : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) : (tensor<2x3xi64>, tensor<i64>) -> tensor<i64>
  check.expect_eq_const %all, dense<21> : tensor<i64>
  %mx = stablehlo.reduce(%x init: %low) applies stablehlo.maximum across dimensions = [1] : (tensor<2x3xi64>, tensor<i64>) -> tensor<2xi64>
  check.expect_eq_const %mx, dense<[3, 6]> : tensor<2xi64>
  func.return
}
