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

// -----

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

// -----

func.func @reduce_window_i16() {
  %x = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi16>
  %init = stablehlo.constant dense<0> : tensor<i16>
  %y = stablehlo.constant dense<[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]]> : tensor<4x4xi16>
  %a = "stablehlo.reduce_window"(%x, %init) <{base_dilations = array<i64: 2, 1>, padding = dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 3, 1>, window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 4, 1>}> ({
  ^bb0(%a: tensor<i16>, %b: tensor<i16>):
    %s = stablehlo.add %a, %b : tensor<i16>
    stablehlo.return %s : tensor<i16>
  }) : (tensor<3x2xi16>, tensor<i16>) -> tensor<2x2xi16>
  check.expect_eq_const %a, dense<[[0, 0], [3, 4]]> : tensor<2x2xi16>
  %b = "stablehlo.reduce_window"(%y, %init) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<i16>, %b: tensor<i16>):
    %s = stablehlo.add %a, %b : tensor<i16>
    stablehlo.return %s : tensor<i16>
  }) : (tensor<4x4xi16>, tensor<i16>) -> tensor<2x2xi16>
  check.expect_eq_const %b, dense<[[14, 22], [46, 54]]> : tensor<2x2xi16>
  %c = "stablehlo.reduce_window"(%y, %init) <{padding = dense<[[1, 1], [1, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 3>, window_strides = array<i64: 1, 2>}> ({
  ^bb0(%a: tensor<i16>, %b: tensor<i16>):
    %s = stablehlo.add %a, %b : tensor<i16>
    stablehlo.return %s : tensor<i16>
  }) : (tensor<4x4xi16>, tensor<i16>) -> tensor<4x2xi16>
  check.expect_eq_const %c, dense<[[14, 30], [33, 63], [57, 99], [46, 78]]> : tensor<4x2xi16>
  %low = stablehlo.constant dense<-32768> : tensor<i16>
  %d = "stablehlo.reduce_window"(%y, %low) <{padding = dense<[[1, 1], [1, 1]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 3>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<i16>, %b: tensor<i16>):
    %s = stablehlo.maximum %a, %b : tensor<i16>
    stablehlo.return %s : tensor<i16>
  }) : (tensor<4x4xi16>, tensor<i16>) -> tensor<2x2xi16>
  check.expect_eq_const %d, dense<[[6, 8], [14, 16]]> : tensor<2x2xi16>
  func.return
}

// -----

func.func @reduce_window_i32() {
  %x = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>
  %init = stablehlo.constant dense<0> : tensor<i32>
  %y = stablehlo.constant dense<[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]]> : tensor<4x4xi32>
  %a = "stablehlo.reduce_window"(%x, %init) <{base_dilations = array<i64: 2, 1>, padding = dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 3, 1>, window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 4, 1>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) : (tensor<3x2xi32>, tensor<i32>) -> tensor<2x2xi32>
  check.expect_eq_const %a, dense<[[0, 0], [3, 4]]> : tensor<2x2xi32>
  %b = "stablehlo.reduce_window"(%y, %init) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) : (tensor<4x4xi32>, tensor<i32>) -> tensor<2x2xi32>
  check.expect_eq_const %b, dense<[[14, 22], [46, 54]]> : tensor<2x2xi32>
  %c = "stablehlo.reduce_window"(%y, %init) <{padding = dense<[[1, 1], [1, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 3>, window_strides = array<i64: 1, 2>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) : (tensor<4x4xi32>, tensor<i32>) -> tensor<4x2xi32>
  check.expect_eq_const %c, dense<[[14, 30], [33, 63], [57, 99], [46, 78]]> : tensor<4x2xi32>
  %low = stablehlo.constant dense<-2147483648> : tensor<i32>
  %d = "stablehlo.reduce_window"(%y, %low) <{padding = dense<[[1, 1], [1, 1]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 3>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.maximum %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) : (tensor<4x4xi32>, tensor<i32>) -> tensor<2x2xi32>
  check.expect_eq_const %d, dense<[[6, 8], [14, 16]]> : tensor<2x2xi32>
  func.return
}

// -----

func.func @reduce_window_i64() {
  %x = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi64>
  %init = stablehlo.constant dense<0> : tensor<i64>
  %y = stablehlo.constant dense<[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]]> : tensor<4x4xi64>
  %a = "stablehlo.reduce_window"(%x, %init) <{base_dilations = array<i64: 2, 1>, padding = dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 3, 1>, window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 4, 1>}> ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %s = stablehlo.add %a, %b : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) : (tensor<3x2xi64>, tensor<i64>) -> tensor<2x2xi64>
  check.expect_eq_const %a, dense<[[0, 0], [3, 4]]> : tensor<2x2xi64>
  %b = "stablehlo.reduce_window"(%y, %init) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %s = stablehlo.add %a, %b : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) : (tensor<4x4xi64>, tensor<i64>) -> tensor<2x2xi64>
  check.expect_eq_const %b, dense<[[14, 22], [46, 54]]> : tensor<2x2xi64>
  %c = "stablehlo.reduce_window"(%y, %init) <{padding = dense<[[1, 1], [1, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 3>, window_strides = array<i64: 1, 2>}> ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %s = stablehlo.add %a, %b : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) : (tensor<4x4xi64>, tensor<i64>) -> tensor<4x2xi64>
  check.expect_eq_const %c, dense<[[14, 30], [33, 63], [57, 99], [46, 78]]> : tensor<4x2xi64>
  %low = stablehlo.constant dense<-9223372036854775808> : tensor<i64>
  %d = "stablehlo.reduce_window"(%y, %low) <{padding = dense<[[1, 1], [1, 1]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 3>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %s = stablehlo.maximum %a, %b : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) : (tensor<4x4xi64>, tensor<i64>) -> tensor<2x2xi64>
  check.expect_eq_const %d, dense<[[6, 8], [14, 16]]> : tensor<2x2xi64>
  func.return
}

// -----

func.func @reduce_window_ui8() {
  %x = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xui8>
  %init = stablehlo.constant dense<0> : tensor<ui8>
  %y = stablehlo.constant dense<[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]]> : tensor<4x4xui8>
  %a = "stablehlo.reduce_window"(%x, %init) <{base_dilations = array<i64: 2, 1>, padding = dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 3, 1>, window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 4, 1>}> ({
  ^bb0(%a: tensor<ui8>, %b: tensor<ui8>):
    %s = stablehlo.add %a, %b : tensor<ui8>
    stablehlo.return %s : tensor<ui8>
  }) : (tensor<3x2xui8>, tensor<ui8>) -> tensor<2x2xui8>
  check.expect_eq_const %a, dense<[[0, 0], [3, 4]]> : tensor<2x2xui8>
  %b = "stablehlo.reduce_window"(%y, %init) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<ui8>, %b: tensor<ui8>):
    %s = stablehlo.add %a, %b : tensor<ui8>
    stablehlo.return %s : tensor<ui8>
  }) : (tensor<4x4xui8>, tensor<ui8>) -> tensor<2x2xui8>
  check.expect_eq_const %b, dense<[[14, 22], [46, 54]]> : tensor<2x2xui8>
  %c = "stablehlo.reduce_window"(%y, %init) <{padding = dense<[[1, 1], [1, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 3>, window_strides = array<i64: 1, 2>}> ({
  ^bb0(%a: tensor<ui8>, %b: tensor<ui8>):
    %s = stablehlo.add %a, %b : tensor<ui8>
    stablehlo.return %s : tensor<ui8>
  }) : (tensor<4x4xui8>, tensor<ui8>) -> tensor<4x2xui8>
  check.expect_eq_const %c, dense<[[14, 30], [33, 63], [57, 99], [46, 78]]> : tensor<4x2xui8>
  %low = stablehlo.constant dense<0> : tensor<ui8>
  %d = "stablehlo.reduce_window"(%y, %low) <{padding = dense<[[1, 1], [1, 1]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 3>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<ui8>, %b: tensor<ui8>):
    %s = stablehlo.maximum %a, %b : tensor<ui8>
    stablehlo.return %s : tensor<ui8>
  }) : (tensor<4x4xui8>, tensor<ui8>) -> tensor<2x2xui8>
  check.expect_eq_const %d, dense<[[6, 8], [14, 16]]> : tensor<2x2xui8>
  func.return
}

// -----

func.func @reduce_window_ui16() {
  %x = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xui16>
  %init = stablehlo.constant dense<0> : tensor<ui16>
  %y = stablehlo.constant dense<[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]]> : tensor<4x4xui16>
  %a = "stablehlo.reduce_window"(%x, %init) <{base_dilations = array<i64: 2, 1>, padding = dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 3, 1>, window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 4, 1>}> ({
  ^bb0(%a: tensor<ui16>, %b: tensor<ui16>):
    %s = stablehlo.add %a, %b : tensor<ui16>
    stablehlo.return %s : tensor<ui16>
  }) : (tensor<3x2xui16>, tensor<ui16>) -> tensor<2x2xui16>
  check.expect_eq_const %a, dense<[[0, 0], [3, 4]]> : tensor<2x2xui16>
  %b = "stablehlo.reduce_window"(%y, %init) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<ui16>, %b: tensor<ui16>):
    %s = stablehlo.add %a, %b : tensor<ui16>
    stablehlo.return %s : tensor<ui16>
  }) : (tensor<4x4xui16>, tensor<ui16>) -> tensor<2x2xui16>
  check.expect_eq_const %b, dense<[[14, 22], [46, 54]]> : tensor<2x2xui16>
  %c = "stablehlo.reduce_window"(%y, %init) <{padding = dense<[[1, 1], [1, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 3>, window_strides = array<i64: 1, 2>}> ({
  ^bb0(%a: tensor<ui16>, %b: tensor<ui16>):
    %s = stablehlo.add %a, %b : tensor<ui16>
    stablehlo.return %s : tensor<ui16>
  }) : (tensor<4x4xui16>, tensor<ui16>) -> tensor<4x2xui16>
  check.expect_eq_const %c, dense<[[14, 30], [33, 63], [57, 99], [46, 78]]> : tensor<4x2xui16>
  %low = stablehlo.constant dense<0> : tensor<ui16>
  %d = "stablehlo.reduce_window"(%y, %low) <{padding = dense<[[1, 1], [1, 1]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 3>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<ui16>, %b: tensor<ui16>):
    %s = stablehlo.maximum %a, %b : tensor<ui16>
    stablehlo.return %s : tensor<ui16>
  }) : (tensor<4x4xui16>, tensor<ui16>) -> tensor<2x2xui16>
  check.expect_eq_const %d, dense<[[6, 8], [14, 16]]> : tensor<2x2xui16>
  func.return
}

// -----

func.func @reduce_window_ui32() {
  %x = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xui32>
  %init = stablehlo.constant dense<0> : tensor<ui32>
  %y = stablehlo.constant dense<[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]]> : tensor<4x4xui32>
  %a = "stablehlo.reduce_window"(%x, %init) <{base_dilations = array<i64: 2, 1>, padding = dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 3, 1>, window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 4, 1>}> ({
  ^bb0(%a: tensor<ui32>, %b: tensor<ui32>):
    %s = stablehlo.add %a, %b : tensor<ui32>
    stablehlo.return %s : tensor<ui32>
  }) : (tensor<3x2xui32>, tensor<ui32>) -> tensor<2x2xui32>
  check.expect_eq_const %a, dense<[[0, 0], [3, 4]]> : tensor<2x2xui32>
  %b = "stablehlo.reduce_window"(%y, %init) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<ui32>, %b: tensor<ui32>):
    %s = stablehlo.add %a, %b : tensor<ui32>
    stablehlo.return %s : tensor<ui32>
  }) : (tensor<4x4xui32>, tensor<ui32>) -> tensor<2x2xui32>
  check.expect_eq_const %b, dense<[[14, 22], [46, 54]]> : tensor<2x2xui32>
  %c = "stablehlo.reduce_window"(%y, %init) <{padding = dense<[[1, 1], [1, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 3>, window_strides = array<i64: 1, 2>}> ({
  ^bb0(%a: tensor<ui32>, %b: tensor<ui32>):
    %s = stablehlo.add %a, %b : tensor<ui32>
    stablehlo.return %s : tensor<ui32>
  }) : (tensor<4x4xui32>, tensor<ui32>) -> tensor<4x2xui32>
  check.expect_eq_const %c, dense<[[14, 30], [33, 63], [57, 99], [46, 78]]> : tensor<4x2xui32>
  %low = stablehlo.constant dense<0> : tensor<ui32>
  %d = "stablehlo.reduce_window"(%y, %low) <{padding = dense<[[1, 1], [1, 1]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 3>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<ui32>, %b: tensor<ui32>):
    %s = stablehlo.maximum %a, %b : tensor<ui32>
    stablehlo.return %s : tensor<ui32>
  }) : (tensor<4x4xui32>, tensor<ui32>) -> tensor<2x2xui32>
  check.expect_eq_const %d, dense<[[6, 8], [14, 16]]> : tensor<2x2xui32>
  func.return
}

// -----

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

// -----

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

// -----

func.func @reduce_window_f64() {
  %x = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf64>
  %init = stablehlo.constant dense<0.0> : tensor<f64>
  %y = stablehlo.constant dense<[[1.0, 1.0, 3.0, 2.0], [5.0, 3.0, 7.0, 4.0], [9.0, 5.0, 11.0, 6.0], [13.0, 7.0, 15.0, 8.0]]> : tensor<4x4xf64>
  %a = "stablehlo.reduce_window"(%x, %init) <{base_dilations = array<i64: 2, 1>, padding = dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 3, 1>, window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 4, 1>}> ({
  ^bb0(%a: tensor<f64>, %b: tensor<f64>):
    %s = stablehlo.add %a, %b : tensor<f64>
    stablehlo.return %s : tensor<f64>
  }) : (tensor<3x2xf64>, tensor<f64>) -> tensor<2x2xf64>
  check.expect_eq_const %a, dense<[[0.0, 0.0], [3.0, 4.0]]> : tensor<2x2xf64>
  %b = "stablehlo.reduce_window"(%y, %init) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f64>, %b: tensor<f64>):
    %s = stablehlo.add %a, %b : tensor<f64>
    stablehlo.return %s : tensor<f64>
  }) : (tensor<4x4xf64>, tensor<f64>) -> tensor<2x2xf64>
  check.expect_eq_const %b, dense<[[10.0, 16.0], [34.0, 40.0]]> : tensor<2x2xf64>
  %c = "stablehlo.reduce_window"(%y, %init) <{padding = dense<[[1, 1], [1, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 3>, window_strides = array<i64: 1, 2>}> ({
  ^bb0(%a: tensor<f64>, %b: tensor<f64>):
    %s = stablehlo.add %a, %b : tensor<f64>
    stablehlo.return %s : tensor<f64>
  }) : (tensor<4x4xf64>, tensor<f64>) -> tensor<4x2xf64>
  check.expect_eq_const %c, dense<[[10.0, 20.0], [24.0, 42.0], [42.0, 66.0], [34.0, 52.0]]> : tensor<4x2xf64>
  %low = stablehlo.constant dense<-1.0e+30> : tensor<f64>
  %d = "stablehlo.reduce_window"(%y, %low) <{padding = dense<[[1, 1], [1, 1]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 3>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f64>, %b: tensor<f64>):
    %s = stablehlo.maximum %a, %b : tensor<f64>
    stablehlo.return %s : tensor<f64>
  }) : (tensor<4x4xf64>, tensor<f64>) -> tensor<2x2xf64>
  check.expect_eq_const %d, dense<[[5.0, 7.0], [13.0, 15.0]]> : tensor<2x2xf64>
  func.return
}
