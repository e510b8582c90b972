func.func @reduce_f64() {
  %x = stablehlo.constant dense<[[1.0, 1.0, 3.0], [2.0, 5.0, 3.0]]> : tensor<2x3xf64>
  %init = stablehlo.constant dense<0.0> : tensor<f64>
  %low = stablehlo.constant dense<-1.0e+30> : tensor<f64>
  %r1 = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf64>, tensor<f64>) -> tensor<2xf64>
  check.expect_eq_const %r1, dense<[5.0, 10.0]> : tensor<2xf64>
  %r0 = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [0] : (tensor<2x3xf64>, tensor<f64>) -> tensor<3xf64>
  check.expect_eq_const %r0, dense<[3.0, 6.0, 6.0]> : tensor<3xf64>
  %all = "stablehlo.reduce"(%x, %init) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%a: tensor<f64>, %b: tensor<f64>):
    %s = stablehlo.add %a, %b : tensor<f64>
    stablehlo.return %s : tensor<f64>
  }) : (tensor<2x3xf64>, tensor<f64>) -> tensor<f64>
  check.expect_eq_const %all, dense<15.0> : tensor<f64>
  %mx = stablehlo.reduce(%x init: %low) applies stablehlo.maximum across dimensions = [1] : (tensor<2x3xf64>, tensor<f64>) -> tensor<2xf64>
  check.expect_eq_const %mx, dense<[3.0, 5.0]> : tensor<2xf64>
  func.return
}
