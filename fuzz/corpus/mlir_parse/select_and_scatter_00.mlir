// stablehlo.select_and_scatter on every integer and float type: the spec example (padding,
// overlapping windows whose scatters add up) and 2x2/stride-2 max-pool backward with ties.

func.func @select_and_scatter_i8() {
  %x = stablehlo.constant dense<[[1, 5], [2, 5], [3, 6], [4, 4]]> : tensor<4x2xi8>
  %src = stablehlo.constant dense<[[5, 6], [7, 8]]> : tensor<2x2xi8>
  %init = stablehlo.constant dense<0> : tensor<i8>
  %a = "stablehlo.select_and_scatter"(%x, %src, %init) <{padding = dense<[[0, 1], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 1>, window_strides = array<i64: 2, 1>}> ({
  ^bb0(%a: tensor<i8>, %b: tensor<i8>):
    %c = stablehlo.compare GE, %a, %b, SIGNED : (tensor<i8>, tensor<i8>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<i8>, %b: tensor<i8>):
    %c = stablehlo.add %a, %b : tensor<i8>
    stablehlo.return %c : tensor<i8>
  }) : (tensor<4x2xi8>, tensor<2x2xi8>, tensor<i8>) -> tensor<4x2xi8>
  check.expect_eq_const %a, dense<[[0, 0], [0, 0], [5, 14], [7, 0]]> : tensor<4x2xi8>
  %y = stablehlo.constant dense<[[3, 1, 4, 1], [5, 9, 2, 6], [5, 3, 5, 8], [9, 7, 9, 3]]> : tensor<4x4xi8>
  %ysrc = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi8>
  %b = "stablehlo.select_and_scatter"(%y, %ysrc, %init) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<i8>, %b: tensor<i8>):
    %c = stablehlo.compare GE, %a, %b, SIGNED : (tensor<i8>, tensor<i8>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<i8>, %b: tensor<i8>):
    %c = stablehlo.add %a, %b : tensor<i8>
    stablehlo.return %c : tensor<i8>
  }) : (tensor<4x4xi8>, tensor<2x2xi8>, tensor<i8>) -> tensor<4x4xi8>
  check.expect_eq_const %b, dense<[[0, 0, 0, 0], [0, 1, 0, 2], [0, 0, 0, 0], [3, 0, 4, 0]]> : tensor<4x4xi8>
  func.return
}
