func.func @reduce_window_i8() {
  %x = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi8>
  %init = stablehlo.constant dense<0> : tensor<i8>
  %y = stablehlo.constant dense<[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]]> : tensor<4x4xi8>
  %a = "stablehlo.reduce_window"(%x, %init) <{base_dilations = array<i64: 2, 1>, padding = dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 3, 1>, window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 4, 1>}> ({
  ^bb0(%a: tensor<i8>, %b: tensor<i8>):
    %s = stablehlo.add %a, %b : tensor<i8>
    stablehlo.return %s : tensor<i8>
  }) : (tensor<3x2xi8>, tensor<i8>) -> tensor<2x2xi8>
  check.expect_eq_const %a, dense<[[0, 0], [3, 4]]> : tensor<2x2xi8>
  %b = "stablehlo.reduce_window"(%y, %init) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<i8>, %b: tensor<i8>):
    %s = stablehlo.add %a, %b : tensor<i8>
    stablehlo.return %s : tensor<i8>
  }) : (tensor<4x4xi8>, tensor<i8>) -> tensor<2x2xi8>
  check.expect_eq_const %b, dense<[[14, 22], [46, 54]]> : tensor<2x2xi8>
  %c = "stablehlo.reduce_window"(%y, %init) <{padding = dense<[[1, 1], [1, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 3>, window_strides = array<i64: 1, 2>}> ({
  ^bb0(%a: tensor<i8>, %b: tensor<i8>):
    %s = stablehlo.add %a, %b : tensor<i8>
    stablehlo.return %s : tensor<i8>
  }) : (tensor<4x4xi8>, tensor<i8>) -> tensor<4x2xi8>
  check.expect_eq_const %c, dense<[[14, 30], [33, 63], [57, 99], [46, 78]]> : tensor<4x2xi8>
  %low = stablehlo.constant dense<-128> : tensor<i8>
  %d = "stablehlo.reduce_window"(%y, %low) <{padding = dense<[[1, 1], [1, 1]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 3>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<i8>, %b: tensor<i8>):
    %s = stablehlo.maximum %a, %b : tensor<i8>
    stablehlo.return %s : tensor<i8>
  }) : (tensor<4x4xi8>, tensor<i8>) -> tensor<2x2xi8>
  check.expect_eq_const %d, dense<[[6, 8], [14, 16]]> : tensor<2x2xi8>
  func.return
}
