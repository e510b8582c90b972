func.func @select_and_scatter_ui8() {
  %x = stablehlo.constant dense<[[1, 5], [2, 5], [3, 6], [4, 4]]> : tensor<4x2xui8>
  %src = stablehlo.constant dense<[[5, 6], [7, 8]]> : tensor<2x2xui8>
  %init = stablehlo.constant dense<0> : tensor<ui8>
  %a = "stablehlo.select_and_scatter"(%x, %src, %init) <{padding = dense<[[0, 1], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 1>, window_strides = array<i64: 2, 1>}> ({
  ^bb0(%a: tensor<ui8>, %b: tensor<ui8>):
    %c = stablehlo.compare GE, %a, %b, UNSIGNED : (tensor<ui8>, tensor<ui8>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<ui8>, %b: tensor<ui8>):
    %c = stablehlo.add %a, %b : tensor<ui8>
    stablehlo.return %c : tensor<ui8>
  }) : (tensor<4x2xui8>, tensor<2x2xui8>, tensor<ui8>) -> tensor<4x2xui8>
  check.expect_eq_const %a, dense<[[0, 0], [0, 0], [5, 14], [7, 0]]> : tensor<4x2xui8>
  %y = stablehlo.constant dense<[[3, 1, 4, 1], [5, 9, 2, 6], [5, 3, 5, 8], [9, 7, 9, 3]]> : tensor<4x4xui8>
  %ysrc = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xui8>
  %b = "stablehlo.select_and_scatter"(%y, %ysrc, %init) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<ui8>, %b: tensor<ui8>):
    %c = stablehlo.compare GE, %a, %b, UNSIGNED : (tensor<ui8>, tensor<ui8>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<ui8>, %b: tensor<ui8>):
    %c = stablehlo.add %a, %b : tensor<ui8>
    stablehlo.return %c : tensor<ui8>
  }) : (tensor<4x4xui8>, tensor<2x2xui8>, tensor<ui8>) -> tensor<4x4xui8>
  check.expect_eq_const %b, dense<[[0, 0, 0, 0], [0, 1, 0, 2], [0, 0, 0, 0], [3, 0, 4, 0]]> : tensor<4x4xui8>
  func.return
}
