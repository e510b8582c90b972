func.func @reduce_i32() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %init = stablehlo.constant dense<0> : tensor<i32>
  %low = stablehlo.constant dense<-2147483648> : tensor<i32>
  %r1 = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [1] : (tensor<2x3xi32>, tensor<i32>) -> tensor<2xi32>
  check.expect_eq_const %r1, dense<[6, 15]> : tensor<2xi32>
  %r0 = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [0] : (tensor<2x3xi32>, tensor<i32>) -> tensor<3xi32>
  check.expect_eq_const %r0, dense<[5, 7, 9]> : tensor<3xi32>
  %all = "stablehlo.reduce"(%x, %init) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) : (tensor<2x3xi32>, tensor<i32>) -> tensor<i32>
  check.expect_eq_const %all, dense<21> : tensor<i32>
  %mx = stablehlo.reduce(%x init: %low) applies stablehlo.maximum across dimensions = [1] : (tensor<2x3xi32>, tensor<i32>) -> tensor<2xi32>
  check.expect_eq_const %mx, dense<[3, 6]> : tensor<2xi32>
  func.return
}
