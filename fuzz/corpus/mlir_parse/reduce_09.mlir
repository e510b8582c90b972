func.func @reduce_f32() {
  %x = stablehlo.constant dense<[[1.0, 1.0, 3.0], [2.0, 5.0, 3.0]]> : tensor<2x3xf32>
  %init = stablehlo.constant dense<0.0> : tensor<f32>
  %low = stablehlo.constant dense<-1.0e+30> : tensor<f32>
  %r1 = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  check.expect_eq_const %r1, dense<[5.0, 10.0]> : tensor<2xf32>
  %r0 = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3xf32>
  check.expect_eq_const %r0, dense<[3.0, 6.0, 6.0]> : tensor<3xf32>
  %all = "stablehlo.reduce"(%x, %init) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<2x3xf32>, tensor<f32>) -> tensor<f32>
  check.expect_eq_const %all, dense<15.0> : tensor<f32>
  %mx = stablehlo.reduce(%x init: %low) applies stablehlo.maximum across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  check.expect_eq_const %mx, dense<[3.0, 5.0]> : tensor<2xf32>
  func.return
}
