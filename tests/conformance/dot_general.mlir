// stablehlo.dot_general on every integer and float type: matrix product, batched product,
// vector dot (generic form), outer product and a transposed contraction.

func.func @dot_general_i8() {
  %a = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi8>
  %b = stablehlo.constant dense<[[1, -1], [2, 0], [-2, 3]]> : tensor<3x2xi8>
  %mm = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xi8>, tensor<3x2xi8>) -> tensor<2x2xi8>
  check.expect_eq_const %mm, dense<[[-1, 8], [2, 14]]> : tensor<2x2xi8>
  %x = stablehlo.constant dense<[[[1, 0], [2, -1]], [[3, 1], [0, 2]]]> : tensor<2x2x2xi8>
  %y = stablehlo.constant dense<[[[2, 1], [0, 1]], [[1, 1], [3, 0]]]> : tensor<2x2x2xi8>
  %bmm = stablehlo.dot_general %x, %y, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x2x2xi8>, tensor<2x2x2xi8>) -> tensor<2x2x2xi8>
  check.expect_eq_const %bmm, dense<[[[2, 1], [4, 1]], [[6, 3], [6, 0]]]> : tensor<2x2x2xi8>
  %u = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi8>
  %v = stablehlo.constant dense<[1, -1, 2]> : tensor<3xi8>
  %dot = "stablehlo.dot_general"(%u, %v) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>}> : (tensor<3xi8>, tensor<3xi8>) -> tensor<i8>
  check.expect_eq_const %dot, dense<5> : tensor<i8>
  %b2 = stablehlo.reshape %b : (tensor<3x2xi8>) -> tensor<2x3xi8>
  %outer = stablehlo.dot_general %a, %b2, contracting_dims = [] x [] : (tensor<2x3xi8>, tensor<2x3xi8>) -> tensor<2x3x2x3xi8>
  check.expect_eq_const %outer, dense<[[[[1, -1, 2], [0, -2, 3]], [[2, -2, 4], [0, -4, 6]], [[3, -3, 6], [0, -6, 9]]], [[[4, -4, 8], [0, -8, 12]], [[5, -5, 10], [0, -10, 15]], [[6, -6, 12], [0, -12, 18]]]]> : tensor<2x3x2x3xi8>
  func.return
}

// -----

func.func @dot_general_transposed_i8() {
  %a = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi8>
  %b = stablehlo.constant dense<[[1, -1, 2], [0, -2, 3]]> : tensor<2x3xi8>
  %r = stablehlo.dot_general %a, %b, contracting_dims = [0] x [1] : (tensor<3x2xi8>, tensor<2x3xi8>) -> tensor<2x2xi8>
  check.expect_eq_const %r, dense<[[8, 9], [10, 10]]> : tensor<2x2xi8>
  func.return
}

// -----

func.func @dot_general_i16() {
  %a = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi16>
  %b = stablehlo.constant dense<[[1, -1], [2, 0], [-2, 3]]> : tensor<3x2xi16>
  %mm = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xi16>, tensor<3x2xi16>) -> tensor<2x2xi16>
  check.expect_eq_const %mm, dense<[[-1, 8], [2, 14]]> : tensor<2x2xi16>
  %x = stablehlo.constant dense<[[[1, 0], [2, -1]], [[3, 1], [0, 2]]]> : tensor<2x2x2xi16>
  %y = stablehlo.constant dense<[[[2, 1], [0, 1]], [[1, 1], [3, 0]]]> : tensor<2x2x2xi16>
  %bmm = stablehlo.dot_general %x, %y, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x2x2xi16>, tensor<2x2x2xi16>) -> tensor<2x2x2xi16>
  check.expect_eq_const %bmm, dense<[[[2, 1], [4, 1]], [[6, 3], [6, 0]]]> : tensor<2x2x2xi16>
  %u = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi16>
  %v = stablehlo.constant dense<[1, -1, 2]> : tensor<3xi16>
  %dot = "stablehlo.dot_general"(%u, %v) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>}> : (tensor<3xi16>, tensor<3xi16>) -> tensor<i16>
  check.expect_eq_const %dot, dense<5> : tensor<i16>
  %b2 = stablehlo.reshape %b : (tensor<3x2xi16>) -> tensor<2x3xi16>
  %outer = stablehlo.dot_general %a, %b2, contracting_dims = [] x [] : (tensor<2x3xi16>, tensor<2x3xi16>) -> tensor<2x3x2x3xi16>
  check.expect_eq_const %outer, dense<[[[[1, -1, 2], [0, -2, 3]], [[2, -2, 4], [0, -4, 6]], [[3, -3, 6], [0, -6, 9]]], [[[4, -4, 8], [0, -8, 12]], [[5, -5, 10], [0, -10, 15]], [[6, -6, 12], [0, -12, 18]]]]> : tensor<2x3x2x3xi16>
  func.return
}

// -----

func.func @dot_general_transposed_i16() {
  %a = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi16>
  %b = stablehlo.constant dense<[[1, -1, 2], [0, -2, 3]]> : tensor<2x3xi16>
  %r = stablehlo.dot_general %a, %b, contracting_dims = [0] x [1] : (tensor<3x2xi16>, tensor<2x3xi16>) -> tensor<2x2xi16>
  check.expect_eq_const %r, dense<[[8, 9], [10, 10]]> : tensor<2x2xi16>
  func.return
}

// -----

func.func @dot_general_i32() {
  %a = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %b = stablehlo.constant dense<[[1, -1], [2, 0], [-2, 3]]> : tensor<3x2xi32>
  %mm = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xi32>, tensor<3x2xi32>) -> tensor<2x2xi32>
  check.expect_eq_const %mm, dense<[[-1, 8], [2, 14]]> : tensor<2x2xi32>
  %x = stablehlo.constant dense<[[[1, 0], [2, -1]], [[3, 1], [0, 2]]]> : tensor<2x2x2xi32>
  %y = stablehlo.constant dense<[[[2, 1], [0, 1]], [[1, 1], [3, 0]]]> : tensor<2x2x2xi32>
  %bmm = stablehlo.dot_general %x, %y, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x2x2xi32>, tensor<2x2x2xi32>) -> tensor<2x2x2xi32>
  check.expect_eq_const %bmm, dense<[[[2, 1], [4, 1]], [[6, 3], [6, 0]]]> : tensor<2x2x2xi32>
  %u = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %v = stablehlo.constant dense<[1, -1, 2]> : tensor<3xi32>
  %dot = "stablehlo.dot_general"(%u, %v) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>}> : (tensor<3xi32>, tensor<3xi32>) -> tensor<i32>
  check.expect_eq_const %dot, dense<5> : tensor<i32>
  %b2 = stablehlo.reshape %b : (tensor<3x2xi32>) -> tensor<2x3xi32>
  %outer = stablehlo.dot_general %a, %b2, contracting_dims = [] x [] : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3x2x3xi32>
  check.expect_eq_const %outer, dense<[[[[1, -1, 2], [0, -2, 3]], [[2, -2, 4], [0, -4, 6]], [[3, -3, 6], [0, -6, 9]]], [[[4, -4, 8], [0, -8, 12]], [[5, -5, 10], [0, -10, 15]], [[6, -6, 12], [0, -12, 18]]]]> : tensor<2x3x2x3xi32>
  func.return
}

// -----

func.func @dot_general_transposed_i32() {
  %a = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>
  %b = stablehlo.constant dense<[[1, -1, 2], [0, -2, 3]]> : tensor<2x3xi32>
  %r = stablehlo.dot_general %a, %b, contracting_dims = [0] x [1] : (tensor<3x2xi32>, tensor<2x3xi32>) -> tensor<2x2xi32>
  check.expect_eq_const %r, dense<[[8, 9], [10, 10]]> : tensor<2x2xi32>
  func.return
}

// -----

func.func @dot_general_i64() {
  %a = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi64>
  %b = stablehlo.constant dense<[[1, -1], [2, 0], [-2, 3]]> : tensor<3x2xi64>
  %mm = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xi64>, tensor<3x2xi64>) -> tensor<2x2xi64>
  check.expect_eq_const %mm, dense<[[-1, 8], [2, 14]]> : tensor<2x2xi64>
  %x = stablehlo.constant dense<[[[1, 0], [2, -1]], [[3, 1], [0, 2]]]> : tensor<2x2x2xi64>
  %y = stablehlo.constant dense<[[[2, 1], [0, 1]], [[1, 1], [3, 0]]]> : tensor<2x2x2xi64>
  %bmm = stablehlo.dot_general %x, %y, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x2x2xi64>, tensor<2x2x2xi64>) -> tensor<2x2x2xi64>
  check.expect_eq_const %bmm, dense<[[[2, 1], [4, 1]], [[6, 3], [6, 0]]]> : tensor<2x2x2xi64>
  %u = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi64>
  %v = stablehlo.constant dense<[1, -1, 2]> : tensor<3xi64>
  %dot = "stablehlo.dot_general"(%u, %v) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>}> : (tensor<3xi64>, tensor<3xi64>) -> tensor<i64>
  check.expect_eq_const %dot, dense<5> : tensor<i64>
  %b2 = stablehlo.reshape %b : (tensor<3x2xi64>) -> tensor<2x3xi64>
  %outer = stablehlo.dot_general %a, %b2, contracting_dims = [] x [] : (tensor<2x3xi64>, tensor<2x3xi64>) -> tensor<2x3x2x3xi64>
  check.expect_eq_const %outer, dense<[[[[1, -1, 2], [0, -2, 3]], [[2, -2, 4], [0, -4, 6]], [[3, -3, 6], [0, -6, 9]]], [[[4, -4, 8], [0, -8, 12]], [[5, -5, 10], [0, -10, 15]], [[6, -6, 12], [0, -12, 18]]]]> : tensor<2x3x2x3xi64>
  func.return
}

// -----

func.func @dot_general_transposed_i64() {
  %a = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi64>
  %b = stablehlo.constant dense<[[1, -1, 2], [0, -2, 3]]> : tensor<2x3xi64>
  %r = stablehlo.dot_general %a, %b, contracting_dims = [0] x [1] : (tensor<3x2xi64>, tensor<2x3xi64>) -> tensor<2x2xi64>
  check.expect_eq_const %r, dense<[[8, 9], [10, 10]]> : tensor<2x2xi64>
  func.return
}

// -----

func.func @dot_general_ui8() {
  %a = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xui8>
  %b = stablehlo.constant dense<[[1, 4], [2, 0], [2, 3]]> : tensor<3x2xui8>
  %mm = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xui8>, tensor<3x2xui8>) -> tensor<2x2xui8>
  check.expect_eq_const %mm, dense<[[11, 13], [26, 34]]> : tensor<2x2xui8>
  %x = stablehlo.constant dense<[[[1, 0], [2, 1]], [[3, 1], [0, 2]]]> : tensor<2x2x2xui8>
  %y = stablehlo.constant dense<[[[2, 1], [0, 1]], [[1, 1], [3, 0]]]> : tensor<2x2x2xui8>
  %bmm = stablehlo.dot_general %x, %y, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x2x2xui8>, tensor<2x2x2xui8>) -> tensor<2x2x2xui8>
  check.expect_eq_const %bmm, dense<[[[2, 1], [4, 3]], [[6, 3], [6, 0]]]> : tensor<2x2x2xui8>
  %u = stablehlo.constant dense<[1, 2, 3]> : tensor<3xui8>
  %v = stablehlo.constant dense<[1, 4, 2]> : tensor<3xui8>
  %dot = "stablehlo.dot_general"(%u, %v) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>}> : (tensor<3xui8>, tensor<3xui8>) -> tensor<ui8>
  check.expect_eq_const %dot, dense<15> : tensor<ui8>
  %b2 = stablehlo.reshape %b : (tensor<3x2xui8>) -> tensor<2x3xui8>
  %outer = stablehlo.dot_general %a, %b2, contracting_dims = [] x [] : (tensor<2x3xui8>, tensor<2x3xui8>) -> tensor<2x3x2x3xui8>
  check.expect_eq_const %outer, dense<[[[[1, 4, 2], [0, 2, 3]], [[2, 8, 4], [0, 4, 6]], [[3, 12, 6], [0, 6, 9]]], [[[4, 16, 8], [0, 8, 12]], [[5, 20, 10], [0, 10, 15]], [[6, 24, 12], [0, 12, 18]]]]> : tensor<2x3x2x3xui8>
  func.return
}

// -----

func.func @dot_general_transposed_ui8() {
  %a = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xui8>
  %b = stablehlo.constant dense<[[1, 4, 2], [0, 2, 3]]> : tensor<2x3xui8>
  %r = stablehlo.dot_general %a, %b, contracting_dims = [0] x [1] : (tensor<3x2xui8>, tensor<2x3xui8>) -> tensor<2x2xui8>
  check.expect_eq_const %r, dense<[[23, 21], [30, 26]]> : tensor<2x2xui8>
  func.return
}

// -----

func.func @dot_general_ui16() {
  %a = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xui16>
  %b = stablehlo.constant dense<[[1, 4], [2, 0], [2, 3]]> : tensor<3x2xui16>
  %mm = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xui16>, tensor<3x2xui16>) -> tensor<2x2xui16>
  check.expect_eq_const %mm, dense<[[11, 13], [26, 34]]> : tensor<2x2xui16>
  %x = stablehlo.constant dense<[[[1, 0], [2, 1]], [[3, 1], [0, 2]]]> : tensor<2x2x2xui16>
  %y = stablehlo.constant dense<[[[2, 1], [0, 1]], [[1, 1], [3, 0]]]> : tensor<2x2x2xui16>
  %bmm = stablehlo.dot_general %x, %y, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x2x2xui16>, tensor<2x2x2xui16>) -> tensor<2x2x2xui16>
  check.expect_eq_const %bmm, dense<[[[2, 1], [4, 3]], [[6, 3], [6, 0]]]> : tensor<2x2x2xui16>
  %u = stablehlo.constant dense<[1, 2, 3]> : tensor<3xui16>
  %v = stablehlo.constant dense<[1, 4, 2]> : tensor<3xui16>
  %dot = "stablehlo.dot_general"(%u, %v) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>}> : (tensor<3xui16>, tensor<3xui16>) -> tensor<ui16>
  check.expect_eq_const %dot, dense<15> : tensor<ui16>
  %b2 = stablehlo.reshape %b : (tensor<3x2xui16>) -> tensor<2x3xui16>
  %outer = stablehlo.dot_general %a, %b2, contracting_dims = [] x [] : (tensor<2x3xui16>, tensor<2x3xui16>) -> tensor<2x3x2x3xui16>
  check.expect_eq_const %outer, dense<[[[[1, 4, 2], [0, 2, 3]], [[2, 8, 4], [0, 4, 6]], [[3, 12, 6], [0, 6, 9]]], [[[4, 16, 8], [0, 8, 12]], [[5, 20, 10], [0, 10, 15]], [[6, 24, 12], [0, 12, 18]]]]> : tensor<2x3x2x3xui16>
  func.return
}

// -----

func.func @dot_general_transposed_ui16() {
  %a = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xui16>
  %b = stablehlo.constant dense<[[1, 4, 2], [0, 2, 3]]> : tensor<2x3xui16>
  %r = stablehlo.dot_general %a, %b, contracting_dims = [0] x [1] : (tensor<3x2xui16>, tensor<2x3xui16>) -> tensor<2x2xui16>
  check.expect_eq_const %r, dense<[[23, 21], [30, 26]]> : tensor<2x2xui16>
  func.return
}

// -----

func.func @dot_general_ui32() {
  %a = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xui32>
  %b = stablehlo.constant dense<[[1, 4], [2, 0], [2, 3]]> : tensor<3x2xui32>
  %mm = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xui32>, tensor<3x2xui32>) -> tensor<2x2xui32>
  check.expect_eq_const %mm, dense<[[11, 13], [26, 34]]> : tensor<2x2xui32>
  %x = stablehlo.constant dense<[[[1, 0], [2, 1]], [[3, 1], [0, 2]]]> : tensor<2x2x2xui32>
  %y = stablehlo.constant dense<[[[2, 1], [0, 1]], [[1, 1], [3, 0]]]> : tensor<2x2x2xui32>
  %bmm = stablehlo.dot_general %x, %y, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x2x2xui32>, tensor<2x2x2xui32>) -> tensor<2x2x2xui32>
  check.expect_eq_const %bmm, dense<[[[2, 1], [4, 3]], [[6, 3], [6, 0]]]> : tensor<2x2x2xui32>
  %u = stablehlo.constant dense<[1, 2, 3]> : tensor<3xui32>
  %v = stablehlo.constant dense<[1, 4, 2]> : tensor<3xui32>
  %dot = "stablehlo.dot_general"(%u, %v) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>}> : (tensor<3xui32>, tensor<3xui32>) -> tensor<ui32>
  check.expect_eq_const %dot, dense<15> : tensor<ui32>
  %b2 = stablehlo.reshape %b : (tensor<3x2xui32>) -> tensor<2x3xui32>
  %outer = stablehlo.dot_general %a, %b2, contracting_dims = [] x [] : (tensor<2x3xui32>, tensor<2x3xui32>) -> tensor<2x3x2x3xui32>
  check.expect_eq_const %outer, dense<[[[[1, 4, 2], [0, 2, 3]], [[2, 8, 4], [0, 4, 6]], [[3, 12, 6], [0, 6, 9]]], [[[4, 16, 8], [0, 8, 12]], [[5, 20, 10], [0, 10, 15]], [[6, 24, 12], [0, 12, 18]]]]> : tensor<2x3x2x3xui32>
  func.return
}

// -----

func.func @dot_general_transposed_ui32() {
  %a = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xui32>
  %b = stablehlo.constant dense<[[1, 4, 2], [0, 2, 3]]> : tensor<2x3xui32>
  %r = stablehlo.dot_general %a, %b, contracting_dims = [0] x [1] : (tensor<3x2xui32>, tensor<2x3xui32>) -> tensor<2x2xui32>
  check.expect_eq_const %r, dense<[[23, 21], [30, 26]]> : tensor<2x2xui32>
  func.return
}

// -----

func.func @dot_general_ui64() {
  %a = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xui64>
  %b = stablehlo.constant dense<[[1, 4], [2, 0], [2, 3]]> : tensor<3x2xui64>
  %mm = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xui64>, tensor<3x2xui64>) -> tensor<2x2xui64>
  check.expect_eq_const %mm, dense<[[11, 13], [26, 34]]> : tensor<2x2xui64>
  %x = stablehlo.constant dense<[[[1, 0], [2, 1]], [[3, 1], [0, 2]]]> : tensor<2x2x2xui64>
  %y = stablehlo.constant dense<[[[2, 1], [0, 1]], [[1, 1], [3, 0]]]> : tensor<2x2x2xui64>
  %bmm = stablehlo.dot_general %x, %y, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x2x2xui64>, tensor<2x2x2xui64>) -> tensor<2x2x2xui64>
  check.expect_eq_const %bmm, dense<[[[2, 1], [4, 3]], [[6, 3], [6, 0]]]> : tensor<2x2x2xui64>
  %u = stablehlo.constant dense<[1, 2, 3]> : tensor<3xui64>
  %v = stablehlo.constant dense<[1, 4, 2]> : tensor<3xui64>
  %dot = "stablehlo.dot_general"(%u, %v) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>}> : (tensor<3xui64>, tensor<3xui64>) -> tensor<ui64>
  check.expect_eq_const %dot, dense<15> : tensor<ui64>
  %b2 = stablehlo.reshape %b : (tensor<3x2xui64>) -> tensor<2x3xui64>
  %outer = stablehlo.dot_general %a, %b2, contracting_dims = [] x [] : (tensor<2x3xui64>, tensor<2x3xui64>) -> tensor<2x3x2x3xui64>
  check.expect_eq_const %outer, dense<[[[[1, 4, 2], [0, 2, 3]], [[2, 8, 4], [0, 4, 6]], [[3, 12, 6], [0, 6, 9]]], [[[4, 16, 8], [0, 8, 12]], [[5, 20, 10], [0, 10, 15]], [[6, 24, 12], [0, 12, 18]]]]> : tensor<2x3x2x3xui64>
  func.return
}

// -----

func.func @dot_general_transposed_ui64() {
  %a = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xui64>
  %b = stablehlo.constant dense<[[1, 4, 2], [0, 2, 3]]> : tensor<2x3xui64>
  %r = stablehlo.dot_general %a, %b, contracting_dims = [0] x [1] : (tensor<3x2xui64>, tensor<2x3xui64>) -> tensor<2x2xui64>
  check.expect_eq_const %r, dense<[[23, 21], [30, 26]]> : tensor<2x2xui64>
  func.return
}

// -----

func.func @dot_general_f32() {
  %a = stablehlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %b = stablehlo.constant dense<[[1.0, -1.0], [2.0, 0.0], [-2.0, 3.0]]> : tensor<3x2xf32>
  %mm = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  check.expect_eq_const %mm, dense<[[-1.0, 8.0], [2.0, 14.0]]> : tensor<2x2xf32>
  %x = stablehlo.constant dense<[[[1.0, 0.0], [2.0, -1.0]], [[3.0, 1.0], [0.0, 2.0]]]> : tensor<2x2x2xf32>
  %y = stablehlo.constant dense<[[[2.0, 1.0], [0.0, 1.0]], [[1.0, 1.0], [3.0, 0.0]]]> : tensor<2x2x2xf32>
  %bmm = stablehlo.dot_general %x, %y, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x2x2xf32>, tensor<2x2x2xf32>) -> tensor<2x2x2xf32>
  check.expect_eq_const %bmm, dense<[[[2.0, 1.0], [4.0, 1.0]], [[6.0, 3.0], [6.0, 0.0]]]> : tensor<2x2x2xf32>
  %u = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %v = stablehlo.constant dense<[1.0, -1.0, 2.0]> : tensor<3xf32>
  %dot = "stablehlo.dot_general"(%u, %v) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>}> : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
  check.expect_eq_const %dot, dense<5.0> : tensor<f32>
  %b2 = stablehlo.reshape %b : (tensor<3x2xf32>) -> tensor<2x3xf32>
  %outer = stablehlo.dot_general %a, %b2, contracting_dims = [] x [] : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3x2x3xf32>
  check.expect_eq_const %outer, dense<[[[[1.0, -1.0, 2.0], [0.0, -2.0, 3.0]], [[2.0, -2.0, 4.0], [0.0, -4.0, 6.0]], [[3.0, -3.0, 6.0], [0.0, -6.0, 9.0]]], [[[4.0, -4.0, 8.0], [0.0, -8.0, 12.0]], [[5.0, -5.0, 10.0], [0.0, -10.0, 15.0]], [[6.0, -6.0, 12.0], [0.0, -12.0, 18.0]]]]> : tensor<2x3x2x3xf32>
  func.return
}

// -----

func.func @dot_general_transposed_f32() {
  %a = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %b = stablehlo.constant dense<[[1.0, -1.0, 2.0], [0.0, -2.0, 3.0]]> : tensor<2x3xf32>
  %r = stablehlo.dot_general %a, %b, contracting_dims = [0] x [1] : (tensor<3x2xf32>, tensor<2x3xf32>) -> tensor<2x2xf32>
  check.expect_eq_const %r, dense<[[8.0, 9.0], [10.0, 10.0]]> : tensor<2x2xf32>
  func.return
}

// -----

func.func @dot_general_f64() {
  %a = stablehlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf64>
  %b = stablehlo.constant dense<[[1.0, -1.0], [2.0, 0.0], [-2.0, 3.0]]> : tensor<3x2xf64>
  %mm = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xf64>, tensor<3x2xf64>) -> tensor<2x2xf64>
  check.expect_eq_const %mm, dense<[[-1.0, 8.0], [2.0, 14.0]]> : tensor<2x2xf64>
  %x = stablehlo.constant dense<[[[1.0, 0.0], [2.0, -1.0]], [[3.0, 1.0], [0.0, 2.0]]]> : tensor<2x2x2xf64>
  %y = stablehlo.constant dense<[[[2.0, 1.0], [0.0, 1.0]], [[1.0, 1.0], [3.0, 0.0]]]> : tensor<2x2x2xf64>
  %bmm = stablehlo.dot_general %x, %y, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x2x2xf64>, tensor<2x2x2xf64>) -> tensor<2x2x2xf64>
  check.expect_eq_const %bmm, dense<[[[2.0, 1.0], [4.0, 1.0]], [[6.0, 3.0], [6.0, 0.0]]]> : tensor<2x2x2xf64>
  %u = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf64>
  %v = stablehlo.constant dense<[1.0, -1.0, 2.0]> : tensor<3xf64>
  %dot = "stablehlo.dot_general"(%u, %v) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>}> : (tensor<3xf64>, tensor<3xf64>) -> tensor<f64>
  check.expect_eq_const %dot, dense<5.0> : tensor<f64>
  %b2 = stablehlo.reshape %b : (tensor<3x2xf64>) -> tensor<2x3xf64>
  %outer = stablehlo.dot_general %a, %b2, contracting_dims = [] x [] : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3x2x3xf64>
  check.expect_eq_const %outer, dense<[[[[1.0, -1.0, 2.0], [0.0, -2.0, 3.0]], [[2.0, -2.0, 4.0], [0.0, -4.0, 6.0]], [[3.0, -3.0, 6.0], [0.0, -6.0, 9.0]]], [[[4.0, -4.0, 8.0], [0.0, -8.0, 12.0]], [[5.0, -5.0, 10.0], [0.0, -10.0, 15.0]], [[6.0, -6.0, 12.0], [0.0, -12.0, 18.0]]]]> : tensor<2x3x2x3xf64>
  func.return
}

// -----

func.func @dot_general_transposed_f64() {
  %a = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf64>
  %b = stablehlo.constant dense<[[1.0, -1.0, 2.0], [0.0, -2.0, 3.0]]> : tensor<2x3xf64>
  %r = stablehlo.dot_general %a, %b, contracting_dims = [0] x [1] : (tensor<3x2xf64>, tensor<2x3xf64>) -> tensor<2x2xf64>
  check.expect_eq_const %r, dense<[[8.0, 9.0], [10.0, 10.0]]> : tensor<2x2xf64>
  func.return
}
