func.func @select_and_scatter_ui64() {
  %x = stablehlo.constant dense<[[1, 5], [2, 5], [3, 6], [4, 4]]> : tensor<4x2xui64>
  %src = stablehlo.constant dense<[[5, 6], [7, 8]]> : tensor<2x2xui64>
  %init = stablehlo.constant dense<0> : tensor<ui64>
  %a = "stablehlo.select_and_scatter"(%x, %src, %init) <{padding = dense<[[0, 1], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 1>, window_strides = array<i64: 2, 1>}> ({
  ^bb0(%a: tensor<ui64>, %b: tensor<ui64>):
    %c = stablehlo.compare GE, %a, %b, UNSIGNED : (tensor<ui64>, tensor<ui64>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<ui64>, %b: tensor<ui64>):
    %c = stablehlo.add %a, %b : tensor<ui64>
    stablehlo.return %c : tensor<ui64>
  }) : (tensor<4x2xui64>, tensor<2x2xui64>, tensor<ui64>) -> tensor<4x2xui64>
  check.expect_eq_const %a, dense<[[0, 0], [0, 0], [5, 14], [7, 0]]> : tensor<4x2xui64>
  %y = stablehlo.constant dense<[[3, 1, 4, 1], [5, 9, 2, 6], [5, 3, 5, 8], [9, 7, 9, 3]]> : tensor<4x4xui64>
  %ysrc = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xui64>
  %b = "stablehlo.select_and_scatter"(%y, %ysrc, %init) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<ui64>, %b: tensor<ui64>):
    %c = stablehlo.compare GE, %a, %b, UNSIGNED : (tensor<ui64>, tensor<ui64>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<ui64>, %b: tensor<ui64>):
    %c = stablehlo.add %a, %b : tensor<ui64>
    stablehlo.return %c : tensor<ui64>
  }) : (tensor<4x4xui64>, tensor<2x2xui64>, tensor<ui64>) -> tensor<4x4xui64>
  check.expect_eq_const %b, dense<[[0, 0, 0, 0], [0, 1, 0, 2], [0, 0, 0, 0], [3, 0, 4, 0]]> : tensor<4x4xui64>
  func.return
}
