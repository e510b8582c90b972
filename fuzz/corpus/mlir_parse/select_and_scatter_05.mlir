func.func @select_and_scatter_ui16() {
  %x = stablehlo.constant dense<[[1, 5], [2, 5], [3, 6], [4, 4]]> : tensor<4x2xui16>
  %src = stablehlo.constant dense<[[5, 6], [7, 8]]> : tensor<2x2xui16>
  %init = stablehlo.constant dense<0> : tensor<ui16>
  %a = "stablehlo.select_and_scatter"(%x, %src, %init) <{padding = dense<[[0, 1], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 1>, window_strides = array<i64: 2, 1>}> ({
  ^bb0(%a: tensor<ui16>, %b: tensor<ui16>):
    %c = stablehlo.compare GE, %a, %b, UNSIGNED : (tensor<ui16>, tensor<ui16>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<ui16>, %b: tensor<ui16>):
    %c = stablehlo.add %a, %b : tensor<ui16>
    stablehlo.return %c : tensor<ui16>
  }) : (tensor<4x2xui16>, tensor<2x2xui16>, tensor<ui16>) -> tensor<4x2xui16>
  check.expect_eq_const %a, dense<[[0, 0], [0, 0], [5, 14], [7, 0]]> : tensor<4x2xui16>
  %y = stablehlo.constant dense<[[3, 1, 4, 1], [5, 9, 2, 6], [5, 3, 5, 8], [9, 7, 9, 3]]> : tensor<4x4xui16>
  %ysrc = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xui16>
  %b = "stablehlo.select_and_scatter"(%y, %ysrc, %init) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<ui16>, %b: tensor<ui16>):
    %c = stablehlo.compare GE, %a, %b, UNSIGNED : (tensor<ui16>, tensor<ui16>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<ui16>, %b: tensor<ui16>):
    %c = stablehlo.add %a, %b : tensor<ui16>
    stablehlo.return %c : tensor<ui16>
  }) : (tensor<4x4xui16>, tensor<2x2xui16>, tensor<ui16>) -> tensor<4x4xui16>
  check.expect_eq_const %b, dense<[[0, 0, 0, 0], [0, 1, 0, 2], [0, 0, 0, 0], [3, 0, 4, 0]]> : tensor<4x4xui16>
  func.return
}
