func.func @reduce_window_f32() {
  %x = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %init = stablehlo.constant dense<0.0> : tensor<f32>
  %y = stablehlo.constant dense<[[1.0, 1.0, 3.0, 2.0], [5.0, 3.0, 7.0, 4.0], [9.0, 5.0, 11.0, 6.0], [13.0, 7.0, 15.0, 8.0]]> : tensor<4x4xf32>
  %a = "stablehlo.reduce_window"(%x, %init) <{base_dilations = array<i64: 2, 1>, padding = dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 3, 1>, window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 4, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<3x2xf32>, tensor<f32>) -> tensor<2x2xf32>
  check.expect_eq_const %a, dense<[[0.0, 0.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %b = "stablehlo.reduce_window"(%y, %init) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<f32>) -> tensor<2x2xf32>
  check.expect_eq_const %b, dense<[[10.0, 16.0], [34.0, 40.0]]> : tensor<2x2xf32>
  %c = "stablehlo.reduce_window"(%y, %init) <{padding = dense<[[1, 1], [1, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 3>, window_strides = array<i64: 1, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<f32>) -> tensor<4x2xf32>
  check.expect_eq_const %c, dense<[[10.0, 20.0], [24.0, 42.0], [42.0, 66.0], [34.0, 52.0]]> : tensor<4x2xf32>
  %low = stablehlo.constant dense<-1.0e+30> : tensor<f32>
  %d = "stablehlo.reduce_window"(%y, %low) <{padding = dense<[[1, 1], [1, 1]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 3>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<f32>) -> tensor<2x2xf32>
  check.expect_eq_const %d, dense<[[5.0, 7.0], [13.0, 15.0]]> : tensor<2x2xf32>
  func.return
}
