func.func @select_and_scatter_f64() {
  %x = stablehlo.constant dense<[[1.0, 5.0], [2.0, 5.0], [3.0, 6.0], [4.0, 4.0]]> : tensor<4x2xf64>
  %src = stablehlo.constant dense<[[5.0, 6.0], [7.0, 8.0]]> : tensor<2x2xf64>
  %init = stablehlo.constant dense<0.0> : tensor<f64>
  %a = "stablehlo.select_and_scatter"(%x, %src, %init) <{padding = dense<[[0, 1], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 1>, window_strides = array<i64: 2, 1>}> ({
  ^bb0(%a: tensor<f64>, %b: tensor<f64>):
    %c = stablehlo.compare GE, %a, %b, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<f64>, %b: tensor<f64>):
    %c = stablehlo.add %a, %b : tensor<f64>
    stablehlo.return %c : tensor<f64>
  }) : (tensor<4x2xf64>, tensor<2x2xf64>, tensor<f64>) -> tensor<4x2xf64>
  check.expect_eq_const %a, dense<[[0.0, 0.0], [0.0, 0.0], [5.0, 14.0], [7.0, 0.0]]> : tensor<4x2xf64>
  %y = stablehlo.constant dense<[[3.0, 1.0, 4.0, 1.0], [5.0, 9.0, 2.0, 6.0], [5.0, 3.0, 5.0, 8.0], [9.0, 7.0, 9.0, 3.0]]> : tensor<4x4xf64>
  %ysrc = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf64>
  %b = "stablehlo.select_and_scatter"(%y, %ysrc, %init) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f64>, %b: tensor<f64>):
    %c = stablehlo.compare GE, %a, %b, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<f64>, %b: tensor<f64>):
    %c = stablehlo.add %a, %b : tensor<f64>
    stablehlo.return %c : tensor<f64>
  }) : (tensor<4x4xf64>, tensor<2x2xf64>, tensor<f64>) -> tensor<4x4xf64>
  check.expect_eq_const %b, dense<[[0.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 2.0], [0.0, 0.0, 0.0, 0.0], [3.0, 0.0, 4.0, 0.0]]> : tensor<4x4xf64>
  func.return
}
