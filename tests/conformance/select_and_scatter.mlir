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

// -----

func.func @select_and_scatter_i16() {
  %x = stablehlo.constant dense<[[1, 5], [2, 5], [3, 6], [4, 4]]> : tensor<4x2xi16>
  %src = stablehlo.constant dense<[[5, 6], [7, 8]]> : tensor<2x2xi16>
  %init = stablehlo.constant dense<0> : tensor<i16>
  %a = "stablehlo.select_and_scatter"(%x, %src, %init) <{padding = dense<[[0, 1], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 1>, window_strides = array<i64: 2, 1>}> ({
  ^bb0(%a: tensor<i16>, %b: tensor<i16>):
    %c = stablehlo.compare GE, %a, %b, SIGNED : (tensor<i16>, tensor<i16>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<i16>, %b: tensor<i16>):
    %c = stablehlo.add %a, %b : tensor<i16>
    stablehlo.return %c : tensor<i16>
  }) : (tensor<4x2xi16>, tensor<2x2xi16>, tensor<i16>) -> tensor<4x2xi16>
  check.expect_eq_const %a, dense<[[0, 0], [0, 0], [5, 14], [7, 0]]> : tensor<4x2xi16>
  %y = stablehlo.constant dense<[[3, 1, 4, 1], [5, 9, 2, 6], [5, 3, 5, 8], [9, 7, 9, 3]]> : tensor<4x4xi16>
  %ysrc = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi16>
  %b = "stablehlo.select_and_scatter"(%y, %ysrc, %init) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<i16>, %b: tensor<i16>):
    %c = stablehlo.compare GE, %a, %b, SIGNED : (tensor<i16>, tensor<i16>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<i16>, %b: tensor<i16>):
    %c = stablehlo.add %a, %b : tensor<i16>
    stablehlo.return %c : tensor<i16>
  }) : (tensor<4x4xi16>, tensor<2x2xi16>, tensor<i16>) -> tensor<4x4xi16>
  check.expect_eq_const %b, dense<[[0, 0, 0, 0], [0, 1, 0, 2], [0, 0, 0, 0], [3, 0, 4, 0]]> : tensor<4x4xi16>
  func.return
}

// -----

func.func @select_and_scatter_i32() {
  %x = stablehlo.constant dense<[[1, 5], [2, 5], [3, 6], [4, 4]]> : tensor<4x2xi32>
  %src = stablehlo.constant dense<[[5, 6], [7, 8]]> : tensor<2x2xi32>
  %init = stablehlo.constant dense<0> : tensor<i32>
  %a = "stablehlo.select_and_scatter"(%x, %src, %init) <{padding = dense<[[0, 1], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 1>, window_strides = array<i64: 2, 1>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %c = stablehlo.compare GE, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %c = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %c : tensor<i32>
  }) : (tensor<4x2xi32>, tensor<2x2xi32>, tensor<i32>) -> tensor<4x2xi32>
  check.expect_eq_const %a, dense<[[0, 0], [0, 0], [5, 14], [7, 0]]> : tensor<4x2xi32>
  %y = stablehlo.constant dense<[[3, 1, 4, 1], [5, 9, 2, 6], [5, 3, 5, 8], [9, 7, 9, 3]]> : tensor<4x4xi32>
  %ysrc = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %b = "stablehlo.select_and_scatter"(%y, %ysrc, %init) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %c = stablehlo.compare GE, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %c = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %c : tensor<i32>
  }) : (tensor<4x4xi32>, tensor<2x2xi32>, tensor<i32>) -> tensor<4x4xi32>
  check.expect_eq_const %b, dense<[[0, 0, 0, 0], [0, 1, 0, 2], [0, 0, 0, 0], [3, 0, 4, 0]]> : tensor<4x4xi32>
  func.return
}

// -----

func.func @select_and_scatter_i64() {
  %x = stablehlo.constant dense<[[1, 5], [2, 5], [3, 6], [4, 4]]> : tensor<4x2xi64>
  %src = stablehlo.constant dense<[[5, 6], [7, 8]]> : tensor<2x2xi64>
  %init = stablehlo.constant dense<0> : tensor<i64>
  %a = "stablehlo.select_and_scatter"(%x, %src, %init) <{padding = dense<[[0, 1], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 1>, window_strides = array<i64: 2, 1>}> ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %c = stablehlo.compare GE, %a, %b, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %c = stablehlo.add %a, %b : tensor<i64>
    stablehlo.return %c : tensor<i64>
  }) : (tensor<4x2xi64>, tensor<2x2xi64>, tensor<i64>) -> tensor<4x2xi64>
  check.expect_eq_const %a, dense<[[0, 0], [0, 0], [5, 14], [7, 0]]> : tensor<4x2xi64>
  %y = stablehlo.constant dense<[[3, 1, 4, 1], [5, 9, 2, 6], [5, 3, 5, 8], [9, 7, 9, 3]]> : tensor<4x4xi64>
  %ysrc = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>
  %b = "stablehlo.select_and_scatter"(%y, %ysrc, %init) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %c = stablehlo.compare GE, %a, %b, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %c = stablehlo.add %a, %b : tensor<i64>
    stablehlo.return %c : tensor<i64>
  }) : (tensor<4x4xi64>, tensor<2x2xi64>, tensor<i64>) -> tensor<4x4xi64>
  check.expect_eq_const %b, dense<[[0, 0, 0, 0], [0, 1, 0, 2], [0, 0, 0, 0], [3, 0, 4, 0]]> : tensor<4x4xi64>
  func.return
}

// -----

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

// -----

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

// -----

func.func @select_and_scatter_ui32() {
  %x = stablehlo.constant dense<[[1, 5], [2, 5], [3, 6], [4, 4]]> : tensor<4x2xui32>
  %src = stablehlo.constant dense<[[5, 6], [7, 8]]> : tensor<2x2xui32>
  %init = stablehlo.constant dense<0> : tensor<ui32>
  %a = "stablehlo.select_and_scatter"(%x, %src, %init) <{padding = dense<[[0, 1], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 1>, window_strides = array<i64: 2, 1>}> ({
  ^bb0(%a: tensor<ui32>, %b: tensor<ui32>):
    %c = stablehlo.compare GE, %a, %b, UNSIGNED : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<ui32>, %b: tensor<ui32>):
    %c = stablehlo.add %a, %b : tensor<ui32>
    stablehlo.return %c : tensor<ui32>
  }) : (tensor<4x2xui32>, tensor<2x2xui32>, tensor<ui32>) -> tensor<4x2xui32>
  check.expect_eq_const %a, dense<[[0, 0], [0, 0], [5, 14], [7, 0]]> : tensor<4x2xui32>
  %y = stablehlo.constant dense<[[3, 1, 4, 1], [5, 9, 2, 6], [5, 3, 5, 8], [9, 7, 9, 3]]> : tensor<4x4xui32>
  %ysrc = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xui32>
  %b = "stablehlo.select_and_scatter"(%y, %ysrc, %init) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<ui32>, %b: tensor<ui32>):
    %c = stablehlo.compare GE, %a, %b, UNSIGNED : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<ui32>, %b: tensor<ui32>):
    %c = stablehlo.add %a, %b : tensor<ui32>
    stablehlo.return %c : tensor<ui32>
  }) : (tensor<4x4xui32>, tensor<2x2xui32>, tensor<ui32>) -> tensor<4x4xui32>
  check.expect_eq_const %b, dense<[[0, 0, 0, 0], [0, 1, 0, 2], [0, 0, 0, 0], [3, 0, 4, 0]]> : tensor<4x4xui32>
  func.return
}

// -----

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

// -----

func.func @select_and_scatter_f32() {
  %x = stablehlo.constant dense<[[1.0, 5.0], [2.0, 5.0], [3.0, 6.0], [4.0, 4.0]]> : tensor<4x2xf32>
  %src = stablehlo.constant dense<[[5.0, 6.0], [7.0, 8.0]]> : tensor<2x2xf32>
  %init = stablehlo.constant dense<0.0> : tensor<f32>
  %a = "stablehlo.select_and_scatter"(%x, %src, %init) <{padding = dense<[[0, 1], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 1>, window_strides = array<i64: 2, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare GE, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %c : tensor<f32>
  }) : (tensor<4x2xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x2xf32>
  check.expect_eq_const %a, dense<[[0.0, 0.0], [0.0, 0.0], [5.0, 14.0], [7.0, 0.0]]> : tensor<4x2xf32>
  %y = stablehlo.constant dense<[[3.0, 1.0, 4.0, 1.0], [5.0, 9.0, 2.0, 6.0], [5.0, 3.0, 5.0, 8.0], [9.0, 7.0, 9.0, 3.0]]> : tensor<4x4xf32>
  %ysrc = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %b = "stablehlo.select_and_scatter"(%y, %ysrc, %init) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare GE, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %c : tensor<f32>
  }) : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>
  check.expect_eq_const %b, dense<[[0.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 2.0], [0.0, 0.0, 0.0, 0.0], [3.0, 0.0, 4.0, 0.0]]> : tensor<4x4xf32>
  func.return
}

// -----

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
