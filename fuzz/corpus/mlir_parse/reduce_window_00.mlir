// stablehlo.reduce_window on every element type: the spec example (base and window dilation,
// padding, stride), non-overlapping sum pooling, padded overlapping windows, max pooling.

func.func @reduce_window_i1() {
  %x = stablehlo.constant dense<[[true, false], [false, true], [true, false]]> : tensor<3x2xi1>
  %init = stablehlo.constant dense<false> : tensor<i1>
  %y = stablehlo.constant dense<[[false, true, false, false], [true, false, true, false], [false, true, false, true], [false, false, true, false]]> : tensor<4x4xi1>
  %a = "stablehlo.reduce_window"(%x, %init) <{base_dilations = array<i64: 2, 1>, padding = dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 3, 1>, window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 4, 1>}> ({
  ^bb0(%a: tensor<i1>, %b: tensor<i1>):
    %s = stablehlo.or %a, %b : tensor<i1>
    stablehlo.return %s : tensor<i1>
  }) : (tensor<3x2xi1>, tensor<i1>) -> tensor<2x2xi1>
  check.expect_eq_const %a, dense<[[false, false], [false, true]]> : tensor<2x2xi1>
  %b = "stablehlo.reduce_window"(%y, %init) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<i1>, %b: tensor<i1>):
    %s = stablehlo.or %a, %b : tensor<i1>
    stablehlo.return %s : tensor<i1>
  }) : (tensor<4x4xi1>, tensor<i1>) -> tensor<2x2xi1>
  check.expect_eq_const %b, dense<true> : tensor<2x2xi1>
  %c = "stablehlo.reduce_window"(%y, %init) <{padding = dense<[[1, 1], [1, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 3>, window_strides = array<i64: 1, 2>}> ({
  ^bb0(%a: tensor<i1>, %b: tensor<i1>):
    %s = stablehlo.or %a, %b : tensor<i1>
    stablehlo.return %s : tensor<i1>
  }) : (tensor<4x4xi1>, tensor<i1>) -> tensor<4x2xi1>
  check.expect_eq_const %c, dense<true> : tensor<4x2xi1>
  func.return
}
