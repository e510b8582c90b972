func.func @reduce_window_ui64() {
  %x = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xui64>
  %init = stablehlo.constant dense<0> : tensor<ui64>
  %y = stablehlo.constant dense<[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]]> : tensor<4x4xui64>
  %a = "stablehlo.reduce_window"(%x, %init) <{base_dilations = array<i64: 2, 1>, padding = dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 3, 1>, window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 4, 1>}> ({
  ^bb0(%a: tensor<ui64>, %b: tensor<ui64>):
    %s = stablehlo.add %a, %b : tensor<ui64>
    stablehlo.return %s : tensor<ui64>
  }) : (tensor<3x2xui64>, tensor<ui64>) -> tensor<2x2xui64>
  check.expect_eq_const %a, dense<[[0, 0], [3, 4]]> : tensor<2x2xui64>
  %b = "stablehlo.reduce_window"(%y, %init) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<ui64>, %b: tensor<ui64>):
    %s = stablehlo.add %a, %b : tensor<ui64>
    stablehlo.return %s : tensor<ui64>
  }) : (tensor<4x4xui64>, tensor<ui64>) -> tensor<2x2xui64>
  check.expect_eq_const %b, dense<[[14, 22], [46, 54]]> : tensor<2x2xui64>
  %c = "stablehlo.reduce_window"(%y, %init) <{padding = dense<[[1, 1], [1, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 3>, window_strides = array<i64: 1, 2>}> ({
  ^bb0(%a: tensor<ui64>, %b: tensor<ui64>):
    %s = stablehlo.add %a, %b : tensor<ui64>
    stablehlo.return %s : tensor<ui64>
  }) : (tensor<4x4xui64>, tensor<ui64>) -> tensor<4x2xui64>
  check.expect_eq_const %c, dense<[[14, 30], [33, 63], [57, 99], [46, 78]]> : tensor<4x2xui64>
  %low = stablehlo.constant dense<0> : tensor<ui64>
  %d = "stablehlo.reduce_window"(%y, %low) <{padding = dense<[[1, 1], [1, 1]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 3>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<ui64>, %b: tensor<ui64>):
    %s = stablehlo.maximum %a, %b : tensor<ui64>
    stablehlo.return %s : tensor<ui64>
  }) : (tensor<4x4xui64>, tensor<ui64>) -> tensor<2x2xui64>
  check.expect_eq_const %d, dense<[[6, 8], [14, 16]]> : tensor<2x2xui64>
  func.return
}
