// Data-movement ops on every element type: broadcast_in_dim, reshape, transpose, slice,
// dynamic_slice (start indices clamped to [0, dim - size]), concatenate, pad (edge, interior and
// negative padding) and reverse.

func.func @broadcast_in_dim_i1() {
  %x = stablehlo.constant dense<[false, true, false]> : tensor<3xi1>
  %y = stablehlo.constant dense<[[false, true, false]]> : tensor<1x3xi1>
  %a = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<3xi1>) -> tensor<2x3xi1>
  check.expect_eq_const %a, dense<[[false, true, false], [false, true, false]]> : tensor<2x3xi1>
  %b = stablehlo.broadcast_in_dim %y, dims = [0, 2] : (tensor<1x3xi1>) -> tensor<2x2x3xi1>
  check.expect_eq_const %b, dense<[[[false, true, false], [false, true, false]], [[false, true, false], [false, true, false]]]> : tensor<2x2x3xi1>
  %c = stablehlo.broadcast_in_dim %x, dims = [0] : (tensor<3xi1>) -> tensor<3xi1>
  check.expect_eq_const %c, dense<[false, true, false]> : tensor<3xi1>
  func.return
}

// -----

func.func @reshape_i1() {
  %x = stablehlo.constant dense<[[false, true, false], [false, true, false]]> : tensor<2x3xi1>
  %a = stablehlo.reshape %x : (tensor<2x3xi1>) -> tensor<3x2xi1>
  check.expect_eq_const %a, dense<[[false, true], [false, false], [true, false]]> : tensor<3x2xi1>
  %b = stablehlo.reshape %x : (tensor<2x3xi1>) -> tensor<1x6x1xi1>
  check.expect_eq_const %b, dense<[[[false], [true], [false], [false], [true], [false]]]> : tensor<1x6x1xi1>
  %c = stablehlo.reshape %b : (tensor<1x6x1xi1>) -> tensor<6xi1>
  check.expect_eq_const %c, dense<[false, true, false, false, true, false]> : tensor<6xi1>
  func.return
}

// -----

func.func @transpose_i1() {
  %x = stablehlo.constant dense<[[[false, true], [false, false], [true, false]], [[true, false], [false, true], [false, true]]]> : tensor<2x3x2xi1>
  %m = stablehlo.constant dense<[[false, true, false], [false, true, false]]> : tensor<2x3xi1>
  %a = stablehlo.transpose %x, dims = [2, 0, 1] : (tensor<2x3x2xi1>) -> tensor<2x2x3xi1>
  check.expect_eq_const %a, dense<[[[false, false, true], [true, false, false]], [[true, false, false], [false, true, true]]]> : tensor<2x2x3xi1>
  %b = stablehlo.transpose %m, dims = [1, 0] : (tensor<2x3xi1>) -> tensor<3x2xi1>
  check.expect_eq_const %b, dense<[[false, false], [true, true], [false, false]]> : tensor<3x2xi1>
  func.return
}

// -----

func.func @slice_i1() {
  %x = stablehlo.constant dense<[[false, true, false, false], [true, false, true, false], [false, true, false, true]]> : tensor<3x4xi1>
  %a = stablehlo.slice %x [0:3:2, 1:4:2] : (tensor<3x4xi1>) -> tensor<2x2xi1>
  check.expect_eq_const %a, dense<[[true, false], [true, true]]> : tensor<2x2xi1>
  %b = stablehlo.slice %x [1:3, 0:3] : (tensor<3x4xi1>) -> tensor<2x3xi1>
  check.expect_eq_const %b, dense<[[true, false, true], [false, true, false]]> : tensor<2x3xi1>
  %c = "stablehlo.slice"(%x) <{start_indices = array<i64: 1, 0>, limit_indices = array<i64: 3, 3>, strides = array<i64: 1, 1>}> : (tensor<3x4xi1>) -> tensor<2x3xi1>
  check.expect_eq %c, %b : tensor<2x3xi1>
  func.return
}

// -----

func.func @dynamic_slice_i1() {
  %x = stablehlo.constant dense<[[false, true, false, false], [true, false, true, false], [false, true, false, true], [false, false, true, false]]> : tensor<4x4xi1>
  %i1 = stablehlo.constant dense<1> : tensor<i64>
  %i3 = stablehlo.constant dense<3> : tensor<i32>
  %neg = stablehlo.constant dense<-5> : tensor<i32>
  %u1 = stablehlo.constant dense<1> : tensor<ui32>
  %i1b = stablehlo.constant dense<1> : tensor<i32>
  %a = stablehlo.dynamic_slice %x, %i1b, %i3, sizes = [2, 2] : (tensor<4x4xi1>, tensor<i32>, tensor<i32>) -> tensor<2x2xi1>
  check.expect_eq_const %a, dense<[[true, false], [false, true]]> : tensor<2x2xi1>
  %b = stablehlo.dynamic_slice %x, %neg, %i1b, sizes = [3, 1] : (tensor<4x4xi1>, tensor<i32>, tensor<i32>) -> tensor<3x1xi1>
  check.expect_eq_const %b, dense<[[true], [false], [true]]> : tensor<3x1xi1>
  %c = "stablehlo.dynamic_slice"(%x, %i1, %i1) <{slice_sizes = array<i64: 2, 2>}> : (tensor<4x4xi1>, tensor<i64>, tensor<i64>) -> tensor<2x2xi1>
  check.expect_eq_const %c, dense<[[false, true], [true, false]]> : tensor<2x2xi1>
  %d = stablehlo.dynamic_slice %x, %u1, %u1, sizes = [1, 3] : (tensor<4x4xi1>, tensor<ui32>, tensor<ui32>) -> tensor<1x3xi1>
  check.expect_eq_const %d, dense<[[false, true, false]]> : tensor<1x3xi1>
  func.return
}

// -----

func.func @concatenate_i1() {
  %a = stablehlo.constant dense<[[false, true, false]]> : tensor<1x3xi1>
  %b = stablehlo.constant dense<[[false, true, false], [true, false, false]]> : tensor<2x3xi1>
  %c = stablehlo.constant dense<[[true], [false]]> : tensor<2x1xi1>
  %r0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<1x3xi1>, tensor<2x3xi1>) -> tensor<3x3xi1>
  check.expect_eq_const %r0, dense<[[false, true, false], [false, true, false], [true, false, false]]> : tensor<3x3xi1>
  %r1 = stablehlo.concatenate %b, %c, %b, dim = 1 : (tensor<2x3xi1>, tensor<2x1xi1>, tensor<2x3xi1>) -> tensor<2x7xi1>
  check.expect_eq_const %r1, dense<[[false, true, false, true, false, true, false], [true, false, false, false, true, false, false]]> : tensor<2x7xi1>
  func.return
}

// -----

func.func @pad_i1() {
  %x = stablehlo.constant dense<[[false, true, false], [false, true, false]]> : tensor<2x3xi1>
  %zero = stablehlo.constant dense<false> : tensor<i1>
  %fill = stablehlo.constant dense<true> : tensor<i1>
  %a = stablehlo.pad %x, %zero, low = [0, 1], high = [2, 1], interior = [1, 2] : (tensor<2x3xi1>, tensor<i1>) -> tensor<5x9xi1>
  check.expect_eq_const %a, dense<[[false, false, false, false, true, false, false, false, false], [false, false, false, false, false, false, false, false, false], [false, false, false, false, true, false, false, false, false], [false, false, false, false, false, false, false, false, false], [false, false, false, false, false, false, false, false, false]]> : tensor<5x9xi1>
  %b = stablehlo.pad %x, %fill, low = [-1, 1], high = [1, -2], interior = [0, 1] : (tensor<2x3xi1>, tensor<i1>) -> tensor<2x4xi1>
  check.expect_eq_const %b, dense<[[true, false, true, true], [true, true, true, true]]> : tensor<2x4xi1>
  func.return
}

// -----

func.func @reverse_i1() {
  %x = stablehlo.constant dense<[[false, true, false], [false, true, false]]> : tensor<2x3xi1>
  %a = stablehlo.reverse %x, dims = [1] : tensor<2x3xi1>
  check.expect_eq_const %a, dense<[[false, true, false], [false, true, false]]> : tensor<2x3xi1>
  %b = stablehlo.reverse %x, dims = [0, 1] : tensor<2x3xi1>
  check.expect_eq_const %b, dense<[[false, true, false], [false, true, false]]> : tensor<2x3xi1>
  func.return
}

// -----

func.func @broadcast_in_dim_i8() {
  %x = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi8>
  %y = stablehlo.constant dense<[[3, 2, 1]]> : tensor<1x3xi8>
  %a = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<3xi8>) -> tensor<2x3xi8>
  check.expect_eq_const %a, dense<[[1, 2, 3], [1, 2, 3]]> : tensor<2x3xi8>
  %b = stablehlo.broadcast_in_dim %y, dims = [0, 2] : (tensor<1x3xi8>) -> tensor<2x2x3xi8>
  check.expect_eq_const %b, dense<[[[3, 2, 1], [3, 2, 1]], [[3, 2, 1], [3, 2, 1]]]> : tensor<2x2x3xi8>
  %c = stablehlo.broadcast_in_dim %x, dims = [0] : (tensor<3xi8>) -> tensor<3xi8>
  check.expect_eq_const %c, dense<[1, 2, 3]> : tensor<3xi8>
  func.return
}

// -----

func.func @reshape_i8() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi8>
  %a = stablehlo.reshape %x : (tensor<2x3xi8>) -> tensor<3x2xi8>
  check.expect_eq_const %a, dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi8>
  %b = stablehlo.reshape %x : (tensor<2x3xi8>) -> tensor<1x6x1xi8>
  check.expect_eq_const %b, dense<[[[1], [2], [3], [4], [5], [6]]]> : tensor<1x6x1xi8>
  %c = stablehlo.reshape %b : (tensor<1x6x1xi8>) -> tensor<6xi8>
  check.expect_eq_const %c, dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi8>
  func.return
}

// -----

func.func @transpose_i8() {
  %x = stablehlo.constant dense<[[[1, 2], [3, 4], [5, 6]], [[7, 8], [9, 10], [11, 12]]]> : tensor<2x3x2xi8>
  %m = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi8>
  %a = stablehlo.transpose %x, dims = [2, 0, 1] : (tensor<2x3x2xi8>) -> tensor<2x2x3xi8>
  check.expect_eq_const %a, dense<[[[1, 3, 5], [7, 9, 11]], [[2, 4, 6], [8, 10, 12]]]> : tensor<2x2x3xi8>
  %b = stablehlo.transpose %m, dims = [1, 0] : (tensor<2x3xi8>) -> tensor<3x2xi8>
  check.expect_eq_const %b, dense<[[1, 4], [2, 5], [3, 6]]> : tensor<3x2xi8>
  func.return
}

// -----

func.func @slice_i8() {
  %x = stablehlo.constant dense<[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]> : tensor<3x4xi8>
  %a = stablehlo.slice %x [0:3:2, 1:4:2] : (tensor<3x4xi8>) -> tensor<2x2xi8>
  check.expect_eq_const %a, dense<[[2, 4], [10, 12]]> : tensor<2x2xi8>
  %b = stablehlo.slice %x [1:3, 0:3] : (tensor<3x4xi8>) -> tensor<2x3xi8>
  check.expect_eq_const %b, dense<[[5, 6, 7], [9, 10, 11]]> : tensor<2x3xi8>
  %c = "stablehlo.slice"(%x) <{start_indices = array<i64: 1, 0>, limit_indices = array<i64: 3, 3>, strides = array<i64: 1, 1>}> : (tensor<3x4xi8>) -> tensor<2x3xi8>
  check.expect_eq %c, %b : tensor<2x3xi8>
  func.return
}

// -----

func.func @dynamic_slice_i8() {
  %x = stablehlo.constant dense<[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]]> : tensor<4x4xi8>
  %i1 = stablehlo.constant dense<1> : tensor<i64>
  %i3 = stablehlo.constant dense<3> : tensor<i32>
  %neg = stablehlo.constant dense<-5> : tensor<i32>
  %u1 = stablehlo.constant dense<1> : tensor<ui32>
  %i1b = stablehlo.constant dense<1> : tensor<i32>
  %a = stablehlo.dynamic_slice %x, %i1b, %i3, sizes = [2, 2] : (tensor<4x4xi8>, tensor<i32>, tensor<i32>) -> tensor<2x2xi8>
  check.expect_eq_const %a, dense<[[7, 8], [11, 12]]> : tensor<2x2xi8>
  %b = stablehlo.dynamic_slice %x, %neg, %i1b, sizes = [3, 1] : (tensor<4x4xi8>, tensor<i32>, tensor<i32>) -> tensor<3x1xi8>
  check.expect_eq_const %b, dense<[[2], [6], [10]]> : tensor<3x1xi8>
  %c = "stablehlo.dynamic_slice"(%x, %i1, %i1) <{slice_sizes = array<i64: 2, 2>}> : (tensor<4x4xi8>, tensor<i64>, tensor<i64>) -> tensor<2x2xi8>
  check.expect_eq_const %c, dense<[[6, 7], [10, 11]]> : tensor<2x2xi8>
  %d = stablehlo.dynamic_slice %x, %u1, %u1, sizes = [1, 3] : (tensor<4x4xi8>, tensor<ui32>, tensor<ui32>) -> tensor<1x3xi8>
  check.expect_eq_const %d, dense<[[6, 7, 8]]> : tensor<1x3xi8>
  func.return
}

// -----

func.func @concatenate_i8() {
  %a = stablehlo.constant dense<[[1, 2, 3]]> : tensor<1x3xi8>
  %b = stablehlo.constant dense<[[4, 5, 6], [7, 8, 9]]> : tensor<2x3xi8>
  %c = stablehlo.constant dense<[[2], [1]]> : tensor<2x1xi8>
  %r0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<1x3xi8>, tensor<2x3xi8>) -> tensor<3x3xi8>
  check.expect_eq_const %r0, dense<[[1, 2, 3], [4, 5, 6], [7, 8, 9]]> : tensor<3x3xi8>
  %r1 = stablehlo.concatenate %b, %c, %b, dim = 1 : (tensor<2x3xi8>, tensor<2x1xi8>, tensor<2x3xi8>) -> tensor<2x7xi8>
  check.expect_eq_const %r1, dense<[[4, 5, 6, 2, 4, 5, 6], [7, 8, 9, 1, 7, 8, 9]]> : tensor<2x7xi8>
  func.return
}

// -----

func.func @pad_i8() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi8>
  %zero = stablehlo.constant dense<0> : tensor<i8>
  %fill = stablehlo.constant dense<9> : tensor<i8>
  %a = stablehlo.pad %x, %zero, low = [0, 1], high = [2, 1], interior = [1, 2] : (tensor<2x3xi8>, tensor<i8>) -> tensor<5x9xi8>
  check.expect_eq_const %a, dense<[[0, 1, 0, 0, 2, 0, 0, 3, 0], [0, 0, 0, 0, 0, 0, 0, 0, 0], [0, 4, 0, 0, 5, 0, 0, 6, 0], [0, 0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0, 0]]> : tensor<5x9xi8>
  %b = stablehlo.pad %x, %fill, low = [-1, 1], high = [1, -2], interior = [0, 1] : (tensor<2x3xi8>, tensor<i8>) -> tensor<2x4xi8>
  check.expect_eq_const %b, dense<[[9, 4, 9, 5], [9, 9, 9, 9]]> : tensor<2x4xi8>
  func.return
}

// -----

func.func @reverse_i8() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi8>
  %a = stablehlo.reverse %x, dims = [1] : tensor<2x3xi8>
  check.expect_eq_const %a, dense<[[3, 2, 1], [6, 5, 4]]> : tensor<2x3xi8>
  %b = stablehlo.reverse %x, dims = [0, 1] : tensor<2x3xi8>
  check.expect_eq_const %b, dense<[[6, 5, 4], [3, 2, 1]]> : tensor<2x3xi8>
  func.return
}

// -----

func.func @broadcast_in_dim_i16() {
  %x = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi16>
  %y = stablehlo.constant dense<[[3, 2, 1]]> : tensor<1x3xi16>
  %a = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<3xi16>) -> tensor<2x3xi16>
  check.expect_eq_const %a, dense<[[1, 2, 3], [1, 2, 3]]> : tensor<2x3xi16>
  %b = stablehlo.broadcast_in_dim %y, dims = [0, 2] : (tensor<1x3xi16>) -> tensor<2x2x3xi16>
  check.expect_eq_const %b, dense<[[[3, 2, 1], [3, 2, 1]], [[3, 2, 1], [3, 2, 1]]]> : tensor<2x2x3xi16>
  %c = stablehlo.broadcast_in_dim %x, dims = [0] : (tensor<3xi16>) -> tensor<3xi16>
  check.expect_eq_const %c, dense<[1, 2, 3]> : tensor<3xi16>
  func.return
}

// -----

func.func @reshape_i16() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi16>
  %a = stablehlo.reshape %x : (tensor<2x3xi16>) -> tensor<3x2xi16>
  check.expect_eq_const %a, dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi16>
  %b = stablehlo.reshape %x : (tensor<2x3xi16>) -> tensor<1x6x1xi16>
  check.expect_eq_const %b, dense<[[[1], [2], [3], [4], [5], [6]]]> : tensor<1x6x1xi16>
  %c = stablehlo.reshape %b : (tensor<1x6x1xi16>) -> tensor<6xi16>
  check.expect_eq_const %c, dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi16>
  func.return
}

// -----

func.func @transpose_i16() {
  %x = stablehlo.constant dense<[[[1, 2], [3, 4], [5, 6]], [[7, 8], [9, 10], [11, 12]]]> : tensor<2x3x2xi16>
  %m = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi16>
  %a = stablehlo.transpose %x, dims = [2, 0, 1] : (tensor<2x3x2xi16>) -> tensor<2x2x3xi16>
  check.expect_eq_const %a, dense<[[[1, 3, 5], [7, 9, 11]], [[2, 4, 6], [8, 10, 12]]]> : tensor<2x2x3xi16>
  %b = stablehlo.transpose %m, dims = [1, 0] : (tensor<2x3xi16>) -> tensor<3x2xi16>
  check.expect_eq_const %b, dense<[[1, 4], [2, 5], [3, 6]]> : tensor<3x2xi16>
  func.return
}

// -----

func.func @slice_i16() {
  %x = stablehlo.constant dense<[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]> : tensor<3x4xi16>
  %a = stablehlo.slice %x [0:3:2, 1:4:2] : (tensor<3x4xi16>) -> tensor<2x2xi16>
  check.expect_eq_const %a, dense<[[2, 4], [10, 12]]> : tensor<2x2xi16>
  %b = stablehlo.slice %x [1:3, 0:3] : (tensor<3x4xi16>) -> tensor<2x3xi16>
  check.expect_eq_const %b, dense<[[5, 6, 7], [9, 10, 11]]> : tensor<2x3xi16>
  %c = "stablehlo.slice"(%x) <{start_indices = array<i64: 1, 0>, limit_indices = array<i64: 3, 3>, strides = array<i64: 1, 1>}> : (tensor<3x4xi16>) -> tensor<2x3xi16>
  check.expect_eq %c, %b : tensor<2x3xi16>
  func.return
}

// -----

func.func @dynamic_slice_i16() {
  %x = stablehlo.constant dense<[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]]> : tensor<4x4xi16>
  %i1 = stablehlo.constant dense<1> : tensor<i64>
  %i3 = stablehlo.constant dense<3> : tensor<i32>
  %neg = stablehlo.constant dense<-5> : tensor<i32>
  %u1 = stablehlo.constant dense<1> : tensor<ui32>
  %i1b = stablehlo.constant dense<1> : tensor<i32>
  %a = stablehlo.dynamic_slice %x, %i1b, %i3, sizes = [2, 2] : (tensor<4x4xi16>, tensor<i32>, tensor<i32>) -> tensor<2x2xi16>
  check.expect_eq_const %a, dense<[[7, 8], [11, 12]]> : tensor<2x2xi16>
  %b = stablehlo.dynamic_slice %x, %neg, %i1b, sizes = [3, 1] : (tensor<4x4xi16>, tensor<i32>, tensor<i32>) -> tensor<3x1xi16>
  check.expect_eq_const %b, dense<[[2], [6], [10]]> : tensor<3x1xi16>
  %c = "stablehlo.dynamic_slice"(%x, %i1, %i1) <{slice_sizes = array<i64: 2, 2>}> : (tensor<4x4xi16>, tensor<i64>, tensor<i64>) -> tensor<2x2xi16>
  check.expect_eq_const %c, dense<[[6, 7], [10, 11]]> : tensor<2x2xi16>
  %d = stablehlo.dynamic_slice %x, %u1, %u1, sizes = [1, 3] : (tensor<4x4xi16>, tensor<ui32>, tensor<ui32>) -> tensor<1x3xi16>
  check.expect_eq_const %d, dense<[[6, 7, 8]]> : tensor<1x3xi16>
  func.return
}

// -----

func.func @concatenate_i16() {
  %a = stablehlo.constant dense<[[1, 2, 3]]> : tensor<1x3xi16>
  %b = stablehlo.constant dense<[[4, 5, 6], [7, 8, 9]]> : tensor<2x3xi16>
  %c = stablehlo.constant dense<[[2], [1]]> : tensor<2x1xi16>
  %r0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<1x3xi16>, tensor<2x3xi16>) -> tensor<3x3xi16>
  check.expect_eq_const %r0, dense<[[1, 2, 3], [4, 5, 6], [7, 8, 9]]> : tensor<3x3xi16>
  %r1 = stablehlo.concatenate %b, %c, %b, dim = 1 : (tensor<2x3xi16>, tensor<2x1xi16>, tensor<2x3xi16>) -> tensor<2x7xi16>
  check.expect_eq_const %r1, dense<[[4, 5, 6, 2, 4, 5, 6], [7, 8, 9, 1, 7, 8, 9]]> : tensor<2x7xi16>
  func.return
}

// -----

func.func @pad_i16() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi16>
  %zero = stablehlo.constant dense<0> : tensor<i16>
  %fill = stablehlo.constant dense<9> : tensor<i16>
  %a = stablehlo.pad %x, %zero, low = [0, 1], high = [2, 1], interior = [1, 2] : (tensor<2x3xi16>, tensor<i16>) -> tensor<5x9xi16>
  check.expect_eq_const %a, dense<[[0, 1, 0, 0, 2, 0, 0, 3, 0], [0, 0, 0, 0, 0, 0, 0, 0, 0], [0, 4, 0, 0, 5, 0, 0, 6, 0], [0, 0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0, 0]]> : tensor<5x9xi16>
  %b = stablehlo.pad %x, %fill, low = [-1, 1], high = [1, -2], interior = [0, 1] : (tensor<2x3xi16>, tensor<i16>) -> tensor<2x4xi16>
  check.expect_eq_const %b, dense<[[9, 4, 9, 5], [9, 9, 9, 9]]> : tensor<2x4xi16>
  func.return
}

// -----

func.func @reverse_i16() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi16>
  %a = stablehlo.reverse %x, dims = [1] : tensor<2x3xi16>
  check.expect_eq_const %a, dense<[[3, 2, 1], [6, 5, 4]]> : tensor<2x3xi16>
  %b = stablehlo.reverse %x, dims = [0, 1] : tensor<2x3xi16>
  check.expect_eq_const %b, dense<[[6, 5, 4], [3, 2, 1]]> : tensor<2x3xi16>
  func.return
}

// -----

func.func @broadcast_in_dim_i32() {
  %x = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %y = stablehlo.constant dense<[[3, 2, 1]]> : tensor<1x3xi32>
  %a = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<3xi32>) -> tensor<2x3xi32>
  check.expect_eq_const %a, dense<[[1, 2, 3], [1, 2, 3]]> : tensor<2x3xi32>
  %b = stablehlo.broadcast_in_dim %y, dims = [0, 2] : (tensor<1x3xi32>) -> tensor<2x2x3xi32>
  check.expect_eq_const %b, dense<[[[3, 2, 1], [3, 2, 1]], [[3, 2, 1], [3, 2, 1]]]> : tensor<2x2x3xi32>
  %c = stablehlo.broadcast_in_dim %x, dims = [0] : (tensor<3xi32>) -> tensor<3xi32>
  check.expect_eq_const %c, dense<[1, 2, 3]> : tensor<3xi32>
  func.return
}

// -----

func.func @reshape_i32() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %a = stablehlo.reshape %x : (tensor<2x3xi32>) -> tensor<3x2xi32>
  check.expect_eq_const %a, dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>
  %b = stablehlo.reshape %x : (tensor<2x3xi32>) -> tensor<1x6x1xi32>
  check.expect_eq_const %b, dense<[[[1], [2], [3], [4], [5], [6]]]> : tensor<1x6x1xi32>
  %c = stablehlo.reshape %b : (tensor<1x6x1xi32>) -> tensor<6xi32>
  check.expect_eq_const %c, dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi32>
  func.return
}

// -----

func.func @transpose_i32() {
  %x = stablehlo.constant dense<[[[1, 2], [3, 4], [5, 6]], [[7, 8], [9, 10], [11, 12]]]> : tensor<2x3x2xi32>
  %m = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %a = stablehlo.transpose %x, dims = [2, 0, 1] : (tensor<2x3x2xi32>) -> tensor<2x2x3xi32>
  check.expect_eq_const %a, dense<[[[1, 3, 5], [7, 9, 11]], [[2, 4, 6], [8, 10, 12]]]> : tensor<2x2x3xi32>
  %b = stablehlo.transpose %m, dims = [1, 0] : (tensor<2x3xi32>) -> tensor<3x2xi32>
  check.expect_eq_const %b, dense<[[1, 4], [2, 5], [3, 6]]> : tensor<3x2xi32>
  func.return
}

// -----

func.func @slice_i32() {
  %x = stablehlo.constant dense<[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]> : tensor<3x4xi32>
  %a = stablehlo.slice %x [0:3:2, 1:4:2] : (tensor<3x4xi32>) -> tensor<2x2xi32>
  check.expect_eq_const %a, dense<[[2, 4], [10, 12]]> : tensor<2x2xi32>
  %b = stablehlo.slice %x [1:3, 0:3] : (tensor<3x4xi32>) -> tensor<2x3xi32>
  check.expect_eq_const %b, dense<[[5, 6, 7], [9, 10, 11]]> : tensor<2x3xi32>
  %c = "stablehlo.slice"(%x) <{start_indices = array<i64: 1, 0>, limit_indices = array<i64: 3, 3>, strides = array<i64: 1, 1>}> : (tensor<3x4xi32>) -> tensor<2x3xi32>
  check.expect_eq %c, %b : tensor<2x3xi32>
  func.return
}

// -----

func.func @dynamic_slice_i32() {
  %x = stablehlo.constant dense<[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]]> : tensor<4x4xi32>
  %i1 = stablehlo.constant dense<1> : tensor<i64>
  %i3 = stablehlo.constant dense<3> : tensor<i32>
  %neg = stablehlo.constant dense<-5> : tensor<i32>
  %u1 = stablehlo.constant dense<1> : tensor<ui32>
  %i1b = stablehlo.constant dense<1> : tensor<i32>
  %a = stablehlo.dynamic_slice %x, %i1b, %i3, sizes = [2, 2] : (tensor<4x4xi32>, tensor<i32>, tensor<i32>) -> tensor<2x2xi32>
  check.expect_eq_const %a, dense<[[7, 8], [11, 12]]> : tensor<2x2xi32>
  %b = stablehlo.dynamic_slice %x, %neg, %i1b, sizes = [3, 1] : (tensor<4x4xi32>, tensor<i32>, tensor<i32>) -> tensor<3x1xi32>
  check.expect_eq_const %b, dense<[[2], [6], [10]]> : tensor<3x1xi32>
  %c = "stablehlo.dynamic_slice"(%x, %i1, %i1) <{slice_sizes = array<i64: 2, 2>}> : (tensor<4x4xi32>, tensor<i64>, tensor<i64>) -> tensor<2x2xi32>
  check.expect_eq_const %c, dense<[[6, 7], [10, 11]]> : tensor<2x2xi32>
  %d = stablehlo.dynamic_slice %x, %u1, %u1, sizes = [1, 3] : (tensor<4x4xi32>, tensor<ui32>, tensor<ui32>) -> tensor<1x3xi32>
  check.expect_eq_const %d, dense<[[6, 7, 8]]> : tensor<1x3xi32>
  func.return
}

// -----

func.func @concatenate_i32() {
  %a = stablehlo.constant dense<[[1, 2, 3]]> : tensor<1x3xi32>
  %b = stablehlo.constant dense<[[4, 5, 6], [7, 8, 9]]> : tensor<2x3xi32>
  %c = stablehlo.constant dense<[[2], [1]]> : tensor<2x1xi32>
  %r0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<1x3xi32>, tensor<2x3xi32>) -> tensor<3x3xi32>
  check.expect_eq_const %r0, dense<[[1, 2, 3], [4, 5, 6], [7, 8, 9]]> : tensor<3x3xi32>
  %r1 = stablehlo.concatenate %b, %c, %b, dim = 1 : (tensor<2x3xi32>, tensor<2x1xi32>, tensor<2x3xi32>) -> tensor<2x7xi32>
  check.expect_eq_const %r1, dense<[[4, 5, 6, 2, 4, 5, 6], [7, 8, 9, 1, 7, 8, 9]]> : tensor<2x7xi32>
  func.return
}

// -----

func.func @pad_i32() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %fill = stablehlo.constant dense<9> : tensor<i32>
  %a = stablehlo.pad %x, %zero, low = [0, 1], high = [2, 1], interior = [1, 2] : (tensor<2x3xi32>, tensor<i32>) -> tensor<5x9xi32>
  check.expect_eq_const %a, dense<[[0, 1, 0, 0, 2, 0, 0, 3, 0], [0, 0, 0, 0, 0, 0, 0, 0, 0], [0, 4, 0, 0, 5, 0, 0, 6, 0], [0, 0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0, 0]]> : tensor<5x9xi32>
  %b = stablehlo.pad %x, %fill, low = [-1, 1], high = [1, -2], interior = [0, 1] : (tensor<2x3xi32>, tensor<i32>) -> tensor<2x4xi32>
  check.expect_eq_const %b, dense<[[9, 4, 9, 5], [9, 9, 9, 9]]> : tensor<2x4xi32>
  func.return
}

// -----

func.func @reverse_i32() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %a = stablehlo.reverse %x, dims = [1] : tensor<2x3xi32>
  check.expect_eq_const %a, dense<[[3, 2, 1], [6, 5, 4]]> : tensor<2x3xi32>
  %b = stablehlo.reverse %x, dims = [0, 1] : tensor<2x3xi32>
  check.expect_eq_const %b, dense<[[6, 5, 4], [3, 2, 1]]> : tensor<2x3xi32>
  func.return
}

// -----

func.func @broadcast_in_dim_i64() {
  %x = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi64>
  %y = stablehlo.constant dense<[[3, 2, 1]]> : tensor<1x3xi64>
  %a = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<3xi64>) -> tensor<2x3xi64>
  check.expect_eq_const %a, dense<[[1, 2, 3], [1, 2, 3]]> : tensor<2x3xi64>
  %b = stablehlo.broadcast_in_dim %y, dims = [0, 2] : (tensor<1x3xi64>) -> tensor<2x2x3xi64>
  check.expect_eq_const %b, dense<[[[3, 2, 1], [3, 2, 1]], [[3, 2, 1], [3, 2, 1]]]> : tensor<2x2x3xi64>
  %c = stablehlo.broadcast_in_dim %x, dims = [0] : (tensor<3xi64>) -> tensor<3xi64>
  check.expect_eq_const %c, dense<[1, 2, 3]> : tensor<3xi64>
  func.return
}

// -----

func.func @reshape_i64() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi64>
  %a = stablehlo.reshape %x : (tensor<2x3xi64>) -> tensor<3x2xi64>
  check.expect_eq_const %a, dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi64>
  %b = stablehlo.reshape %x : (tensor<2x3xi64>) -> tensor<1x6x1xi64>
  check.expect_eq_const %b, dense<[[[1], [2], [3], [4], [5], [6]]]> : tensor<1x6x1xi64>
  %c = stablehlo.reshape %b : (tensor<1x6x1xi64>) -> tensor<6xi64>
  check.expect_eq_const %c, dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi64>
  func.return
}

// -----

func.func @transpose_i64() {
  %x = stablehlo.constant dense<[[[1, 2], [3, 4], [5, 6]], [[7, 8], [9, 10], [11, 12]]]> : tensor<2x3x2xi64>
  %m = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi64>
  %a = stablehlo.transpose %x, dims = [2, 0, 1] : (tensor<2x3x2xi64>) -> tensor<2x2x3xi64>
  check.expect_eq_const %a, dense<[[[1, 3, 5], [7, 9, 11]], [[2, 4, 6], [8, 10, 12]]]> : tensor<2x2x3xi64>
  %b = stablehlo.transpose %m, dims = [1, 0] : (tensor<2x3xi64>) -> tensor<3x2xi64>
  check.expect_eq_const %b, dense<[[1, 4], [2, 5], [3, 6]]> : tensor<3x2xi64>
  func.return
}

// -----

func.func @slice_i64() {
  %x = stablehlo.constant dense<[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]> : tensor<3x4xi64>
  %a = stablehlo.slice %x [0:3:2, 1:4:2] : (tensor<3x4xi64>) -> tensor<2x2xi64>
  check.expect_eq_const %a, dense<[[2, 4], [10, 12]]> : tensor<2x2xi64>
  %b = stablehlo.slice %x [1:3, 0:3] : (tensor<3x4xi64>) -> tensor<2x3xi64>
  check.expect_eq_const %b, dense<[[5, 6, 7], [9, 10, 11]]> : tensor<2x3xi64>
  %c = "stablehlo.slice"(%x) <{start_indices = array<i64: 1, 0>, limit_indices = array<i64: 3, 3>, strides = array<i64: 1, 1>}> : (tensor<3x4xi64>) -> tensor<2x3xi64>
  check.expect_eq %c, %b : tensor<2x3xi64>
  func.return
}

// -----

func.func @dynamic_slice_i64() {
  %x = stablehlo.constant dense<[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]]> : tensor<4x4xi64>
  %i1 = stablehlo.constant dense<1> : tensor<i64>
  %i3 = stablehlo.constant dense<3> : tensor<i32>
  %neg = stablehlo.constant dense<-5> : tensor<i32>
  %u1 = stablehlo.constant dense<1> : tensor<ui32>
  %i1b = stablehlo.constant dense<1> : tensor<i32>
  %a = stablehlo.dynamic_slice %x, %i1b, %i3, sizes = [2, 2] : (tensor<4x4xi64>, tensor<i32>, tensor<i32>) -> tensor<2x2xi64>
  check.expect_eq_const %a, dense<[[7, 8], [11, 12]]> : tensor<2x2xi64>
  %b = stablehlo.dynamic_slice %x, %neg, %i1b, sizes = [3, 1] : (tensor<4x4xi64>, tensor<i32>, tensor<i32>) -> tensor<3x1xi64>
  check.expect_eq_const %b, dense<[[2], [6], [10]]> : tensor<3x1xi64>
  %c = "stablehlo.dynamic_slice"(%x, %i1, %i1) <{slice_sizes = array<i64: 2, 2>}> : (tensor<4x4xi64>, tensor<i64>, tensor<i64>) -> tensor<2x2xi64>
  check.expect_eq_const %c, dense<[[6, 7], [10, 11]]> : tensor<2x2xi64>
  %d = stablehlo.dynamic_slice %x, %u1, %u1, sizes = [1, 3] : (tensor<4x4xi64>, tensor<ui32>, tensor<ui32>) -> tensor<1x3xi64>
  check.expect_eq_const %d, dense<[[6, 7, 8]]> : tensor<1x3xi64>
  func.return
}

// -----

func.func @concatenate_i64() {
  %a = stablehlo.constant dense<[[1, 2, 3]]> : tensor<1x3xi64>
  %b = stablehlo.constant dense<[[4, 5, 6], [7, 8, 9]]> : tensor<2x3xi64>
  %c = stablehlo.constant dense<[[2], [1]]> : tensor<2x1xi64>
  %r0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<1x3xi64>, tensor<2x3xi64>) -> tensor<3x3xi64>
  check.expect_eq_const %r0, dense<[[1, 2, 3], [4, 5, 6], [7, 8, 9]]> : tensor<3x3xi64>
  %r1 = stablehlo.concatenate %b, %c, %b, dim = 1 : (tensor<2x3xi64>, tensor<2x1xi64>, tensor<2x3xi64>) -> tensor<2x7xi64>
  check.expect_eq_const %r1, dense<[[4, 5, 6, 2, 4, 5, 6], [7, 8, 9, 1, 7, 8, 9]]> : tensor<2x7xi64>
  func.return
}

// -----

func.func @pad_i64() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi64>
  %zero = stablehlo.constant dense<0> : tensor<i64>
  %fill = stablehlo.constant dense<9> : tensor<i64>
  %a = stablehlo.pad %x, %zero, low = [0, 1], high = [2, 1], interior = [1, 2] : (tensor<2x3xi64>, tensor<i64>) -> tensor<5x9xi64>
  check.expect_eq_const %a, dense<[[0, 1, 0, 0, 2, 0, 0, 3, 0], [0, 0, 0, 0, 0, 0, 0, 0, 0], [0, 4, 0, 0, 5, 0, 0, 6, 0], [0, 0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0, 0]]> : tensor<5x9xi64>
  %b = stablehlo.pad %x, %fill, low = [-1, 1], high = [1, -2], interior = [0, 1] : (tensor<2x3xi64>, tensor<i64>) -> tensor<2x4xi64>
  check.expect_eq_const %b, dense<[[9, 4, 9, 5], [9, 9, 9, 9]]> : tensor<2x4xi64>
  func.return
}

// -----

func.func @reverse_i64() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi64>
  %a = stablehlo.reverse %x, dims = [1] : tensor<2x3xi64>
  check.expect_eq_const %a, dense<[[3, 2, 1], [6, 5, 4]]> : tensor<2x3xi64>
  %b = stablehlo.reverse %x, dims = [0, 1] : tensor<2x3xi64>
  check.expect_eq_const %b, dense<[[6, 5, 4], [3, 2, 1]]> : tensor<2x3xi64>
  func.return
}

// -----

func.func @broadcast_in_dim_ui8() {
  %x = stablehlo.constant dense<[1, 2, 3]> : tensor<3xui8>
  %y = stablehlo.constant dense<[[3, 2, 1]]> : tensor<1x3xui8>
  %a = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<3xui8>) -> tensor<2x3xui8>
  check.expect_eq_const %a, dense<[[1, 2, 3], [1, 2, 3]]> : tensor<2x3xui8>
  %b = stablehlo.broadcast_in_dim %y, dims = [0, 2] : (tensor<1x3xui8>) -> tensor<2x2x3xui8>
  check.expect_eq_const %b, dense<[[[3, 2, 1], [3, 2, 1]], [[3, 2, 1], [3, 2, 1]]]> : tensor<2x2x3xui8>
  %c = stablehlo.broadcast_in_dim %x, dims = [0] : (tensor<3xui8>) -> tensor<3xui8>
  check.expect_eq_const %c, dense<[1, 2, 3]> : tensor<3xui8>
  func.return
}

// -----

func.func @reshape_ui8() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xui8>
  %a = stablehlo.reshape %x : (tensor<2x3xui8>) -> tensor<3x2xui8>
  check.expect_eq_const %a, dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xui8>
  %b = stablehlo.reshape %x : (tensor<2x3xui8>) -> tensor<1x6x1xui8>
  check.expect_eq_const %b, dense<[[[1], [2], [3], [4], [5], [6]]]> : tensor<1x6x1xui8>
  %c = stablehlo.reshape %b : (tensor<1x6x1xui8>) -> tensor<6xui8>
  check.expect_eq_const %c, dense<[1, 2, 3, 4, 5, 6]> : tensor<6xui8>
  func.return
}

// -----

func.func @transpose_ui8() {
  %x = stablehlo.constant dense<[[[1, 2], [3, 4], [5, 6]], [[7, 8], [9, 10], [11, 12]]]> : tensor<2x3x2xui8>
  %m = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xui8>
  %a = stablehlo.transpose %x, dims = [2, 0, 1] : (tensor<2x3x2xui8>) -> tensor<2x2x3xui8>
  check.expect_eq_const %a, dense<[[[1, 3, 5], [7, 9, 11]], [[2, 4, 6], [8, 10, 12]]]> : tensor<2x2x3xui8>
  %b = stablehlo.transpose %m, dims = [1, 0] : (tensor<2x3xui8>) -> tensor<3x2xui8>
  check.expect_eq_const %b, dense<[[1, 4], [2, 5], [3, 6]]> : tensor<3x2xui8>
  func.return
}

// -----

func.func @slice_ui8() {
  %x = stablehlo.constant dense<[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]> : tensor<3x4xui8>
  %a = stablehlo.slice %x [0:3:2, 1:4:2] : (tensor<3x4xui8>) -> tensor<2x2xui8>
  check.expect_eq_const %a, dense<[[2, 4], [10, 12]]> : tensor<2x2xui8>
  %b = stablehlo.slice %x [1:3, 0:3] : (tensor<3x4xui8>) -> tensor<2x3xui8>
  check.expect_eq_const %b, dense<[[5, 6, 7], [9, 10, 11]]> : tensor<2x3xui8>
  %c = "stablehlo.slice"(%x) <{start_indices = array<i64: 1, 0>, limit_indices = array<i64: 3, 3>, strides = array<i64: 1, 1>}> : (tensor<3x4xui8>) -> tensor<2x3xui8>
  check.expect_eq %c, %b : tensor<2x3xui8>
  func.return
}

// -----

func.func @dynamic_slice_ui8() {
  %x = stablehlo.constant dense<[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]]> : tensor<4x4xui8>
  %i1 = stablehlo.constant dense<1> : tensor<i64>
  %i3 = stablehlo.constant dense<3> : tensor<i32>
  %neg = stablehlo.constant dense<-5> : tensor<i32>
  %u1 = stablehlo.constant dense<1> : tensor<ui32>
  %i1b = stablehlo.constant dense<1> : tensor<i32>
  %a = stablehlo.dynamic_slice %x, %i1b, %i3, sizes = [2, 2] : (tensor<4x4xui8>, tensor<i32>, tensor<i32>) -> tensor<2x2xui8>
  check.expect_eq_const %a, dense<[[7, 8], [11, 12]]> : tensor<2x2xui8>
  %b = stablehlo.dynamic_slice %x, %neg, %i1b, sizes = [3, 1] : (tensor<4x4xui8>, tensor<i32>, tensor<i32>) -> tensor<3x1xui8>
  check.expect_eq_const %b, dense<[[2], [6], [10]]> : tensor<3x1xui8>
  %c = "stablehlo.dynamic_slice"(%x, %i1, %i1) <{slice_sizes = array<i64: 2, 2>}> : (tensor<4x4xui8>, tensor<i64>, tensor<i64>) -> tensor<2x2xui8>
  check.expect_eq_const %c, dense<[[6, 7], [10, 11]]> : tensor<2x2xui8>
  %d = stablehlo.dynamic_slice %x, %u1, %u1, sizes = [1, 3] : (tensor<4x4xui8>, tensor<ui32>, tensor<ui32>) -> tensor<1x3xui8>
  check.expect_eq_const %d, dense<[[6, 7, 8]]> : tensor<1x3xui8>
  func.return
}

// -----

func.func @concatenate_ui8() {
  %a = stablehlo.constant dense<[[1, 2, 3]]> : tensor<1x3xui8>
  %b = stablehlo.constant dense<[[4, 5, 6], [7, 8, 9]]> : tensor<2x3xui8>
  %c = stablehlo.constant dense<[[2], [1]]> : tensor<2x1xui8>
  %r0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<1x3xui8>, tensor<2x3xui8>) -> tensor<3x3xui8>
  check.expect_eq_const %r0, dense<[[1, 2, 3], [4, 5, 6], [7, 8, 9]]> : tensor<3x3xui8>
  %r1 = stablehlo.concatenate %b, %c, %b, dim = 1 : (tensor<2x3xui8>, tensor<2x1xui8>, tensor<2x3xui8>) -> tensor<2x7xui8>
  check.expect_eq_const %r1, dense<[[4, 5, 6, 2, 4, 5, 6], [7, 8, 9, 1, 7, 8, 9]]> : tensor<2x7xui8>
  func.return
}

// -----

func.func @pad_ui8() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xui8>
  %zero = stablehlo.constant dense<0> : tensor<ui8>
  %fill = stablehlo.constant dense<9> : tensor<ui8>
  %a = stablehlo.pad %x, %zero, low = [0, 1], high = [2, 1], interior = [1, 2] : (tensor<2x3xui8>, tensor<ui8>) -> tensor<5x9xui8>
  check.expect_eq_const %a, dense<[[0, 1, 0, 0, 2, 0, 0, 3, 0], [0, 0, 0, 0, 0, 0, 0, 0, 0], [0, 4, 0, 0, 5, 0, 0, 6, 0], [0, 0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0, 0]]> : tensor<5x9xui8>
  %b = stablehlo.pad %x, %fill, low = [-1, 1], high = [1, -2], interior = [0, 1] : (tensor<2x3xui8>, tensor<ui8>) -> tensor<2x4xui8>
  check.expect_eq_const %b, dense<[[9, 4, 9, 5], [9, 9, 9, 9]]> : tensor<2x4xui8>
  func.return
}

// -----

func.func @reverse_ui8() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xui8>
  %a = stablehlo.reverse %x, dims = [1] : tensor<2x3xui8>
  check.expect_eq_const %a, dense<[[3, 2, 1], [6, 5, 4]]> : tensor<2x3xui8>
  %b = stablehlo.reverse %x, dims = [0, 1] : tensor<2x3xui8>
  check.expect_eq_const %b, dense<[[6, 5, 4], [3, 2, 1]]> : tensor<2x3xui8>
  func.return
}

// -----

func.func @broadcast_in_dim_ui16() {
  %x = stablehlo.constant dense<[1, 2, 3]> : tensor<3xui16>
  %y = stablehlo.constant dense<[[3, 2, 1]]> : tensor<1x3xui16>
  %a = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<3xui16>) -> tensor<2x3xui16>
  check.expect_eq_const %a, dense<[[1, 2, 3], [1, 2, 3]]> : tensor<2x3xui16>
  %b = stablehlo.broadcast_in_dim %y, dims = [0, 2] : (tensor<1x3xui16>) -> tensor<2x2x3xui16>
  check.expect_eq_const %b, dense<[[[3, 2, 1], [3, 2, 1]], [[3, 2, 1], [3, 2, 1]]]> : tensor<2x2x3xui16>
  %c = stablehlo.broadcast_in_dim %x, dims = [0] : (tensor<3xui16>) -> tensor<3xui16>
  check.expect_eq_const %c, dense<[1, 2, 3]> : tensor<3xui16>
  func.return
}

// -----

func.func @reshape_ui16() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xui16>
  %a = stablehlo.reshape %x : (tensor<2x3xui16>) -> tensor<3x2xui16>
  check.expect_eq_const %a, dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xui16>
  %b = stablehlo.reshape %x : (tensor<2x3xui16>) -> tensor<1x6x1xui16>
  check.expect_eq_const %b, dense<[[[1], [2], [3], [4], [5], [6]]]> : tensor<1x6x1xui16>
  %c = stablehlo.reshape %b : (tensor<1x6x1xui16>) -> tensor<6xui16>
  check.expect_eq_const %c, dense<[1, 2, 3, 4, 5, 6]> : tensor<6xui16>
  func.return
}

// -----

func.func @transpose_ui16() {
  %x = stablehlo.constant dense<[[[1, 2], [3, 4], [5, 6]], [[7, 8], [9, 10], [11, 12]]]> : tensor<2x3x2xui16>
  %m = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xui16>
  %a = stablehlo.transpose %x, dims = [2, 0, 1] : (tensor<2x3x2xui16>) -> tensor<2x2x3xui16>
  check.expect_eq_const %a, dense<[[[1, 3, 5], [7, 9, 11]], [[2, 4, 6], [8, 10, 12]]]> : tensor<2x2x3xui16>
  %b = stablehlo.transpose %m, dims = [1, 0] : (tensor<2x3xui16>) -> tensor<3x2xui16>
  check.expect_eq_const %b, dense<[[1, 4], [2, 5], [3, 6]]> : tensor<3x2xui16>
  func.return
}

// -----

func.func @slice_ui16() {
  %x = stablehlo.constant dense<[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]> : tensor<3x4xui16>
  %a = stablehlo.slice %x [0:3:2, 1:4:2] : (tensor<3x4xui16>) -> tensor<2x2xui16>
  check.expect_eq_const %a, dense<[[2, 4], [10, 12]]> : tensor<2x2xui16>
  %b = stablehlo.slice %x [1:3, 0:3] : (tensor<3x4xui16>) -> tensor<2x3xui16>
  check.expect_eq_const %b, dense<[[5, 6, 7], [9, 10, 11]]> : tensor<2x3xui16>
  %c = "stablehlo.slice"(%x) <{start_indices = array<i64: 1, 0>, limit_indices = array<i64: 3, 3>, strides = array<i64: 1, 1>}> : (tensor<3x4xui16>) -> tensor<2x3xui16>
  check.expect_eq %c, %b : tensor<2x3xui16>
  func.return
}

// -----

func.func @dynamic_slice_ui16() {
  %x = stablehlo.constant dense<[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]]> : tensor<4x4xui16>
  %i1 = stablehlo.constant dense<1> : tensor<i64>
  %i3 = stablehlo.constant dense<3> : tensor<i32>
  %neg = stablehlo.constant dense<-5> : tensor<i32>
  %u1 = stablehlo.constant dense<1> : tensor<ui32>
  %i1b = stablehlo.constant dense<1> : tensor<i32>
  %a = stablehlo.dynamic_slice %x, %i1b, %i3, sizes = [2, 2] : (tensor<4x4xui16>, tensor<i32>, tensor<i32>) -> tensor<2x2xui16>
  check.expect_eq_const %a, dense<[[7, 8], [11, 12]]> : tensor<2x2xui16>
  %b = stablehlo.dynamic_slice %x, %neg, %i1b, sizes = [3, 1] : (tensor<4x4xui16>, tensor<i32>, tensor<i32>) -> tensor<3x1xui16>
  check.expect_eq_const %b, dense<[[2], [6], [10]]> : tensor<3x1xui16>
  %c = "stablehlo.dynamic_slice"(%x, %i1, %i1) <{slice_sizes = array<i64: 2, 2>}> : (tensor<4x4xui16>, tensor<i64>, tensor<i64>) -> tensor<2x2xui16>
  check.expect_eq_const %c, dense<[[6, 7], [10, 11]]> : tensor<2x2xui16>
  %d = stablehlo.dynamic_slice %x, %u1, %u1, sizes = [1, 3] : (tensor<4x4xui16>, tensor<ui32>, tensor<ui32>) -> tensor<1x3xui16>
  check.expect_eq_const %d, dense<[[6, 7, 8]]> : tensor<1x3xui16>
  func.return
}

// -----

func.func @concatenate_ui16() {
  %a = stablehlo.constant dense<[[1, 2, 3]]> : tensor<1x3xui16>
  %b = stablehlo.constant dense<[[4, 5, 6], [7, 8, 9]]> : tensor<2x3xui16>
  %c = stablehlo.constant dense<[[2], [1]]> : tensor<2x1xui16>
  %r0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<1x3xui16>, tensor<2x3xui16>) -> tensor<3x3xui16>
  check.expect_eq_const %r0, dense<[[1, 2, 3], [4, 5, 6], [7, 8, 9]]> : tensor<3x3xui16>
  %r1 = stablehlo.concatenate %b, %c, %b, dim = 1 : (tensor<2x3xui16>, tensor<2x1xui16>, tensor<2x3xui16>) -> tensor<2x7xui16>
  check.expect_eq_const %r1, dense<[[4, 5, 6, 2, 4, 5, 6], [7, 8, 9, 1, 7, 8, 9]]> : tensor<2x7xui16>
  func.return
}

// -----

func.func @pad_ui16() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xui16>
  %zero = stablehlo.constant dense<0> : tensor<ui16>
  %fill = stablehlo.constant dense<9> : tensor<ui16>
  %a = stablehlo.pad %x, %zero, low = [0, 1], high = [2, 1], interior = [1, 2] : (tensor<2x3xui16>, tensor<ui16>) -> tensor<5x9xui16>
  check.expect_eq_const %a, dense<[[0, 1, 0, 0, 2, 0, 0, 3, 0], [0, 0, 0, 0, 0, 0, 0, 0, 0], [0, 4, 0, 0, 5, 0, 0, 6, 0], [0, 0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0, 0]]> : tensor<5x9xui16>
  %b = stablehlo.pad %x, %fill, low = [-1, 1], high = [1, -2], interior = [0, 1] : (tensor<2x3xui16>, tensor<ui16>) -> tensor<2x4xui16>
  check.expect_eq_const %b, dense<[[9, 4, 9, 5], [9, 9, 9, 9]]> : tensor<2x4xui16>
  func.return
}

// -----

func.func @reverse_ui16() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xui16>
  %a = stablehlo.reverse %x, dims = [1] : tensor<2x3xui16>
  check.expect_eq_const %a, dense<[[3, 2, 1], [6, 5, 4]]> : tensor<2x3xui16>
  %b = stablehlo.reverse %x, dims = [0, 1] : tensor<2x3xui16>
  check.expect_eq_const %b, dense<[[6, 5, 4], [3, 2, 1]]> : tensor<2x3xui16>
  func.return
}

// -----

func.func @broadcast_in_dim_ui32() {
  %x = stablehlo.constant dense<[1, 2, 3]> : tensor<3xui32>
  %y = stablehlo.constant dense<[[3, 2, 1]]> : tensor<1x3xui32>
  %a = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<3xui32>) -> tensor<2x3xui32>
  check.expect_eq_const %a, dense<[[1, 2, 3], [1, 2, 3]]> : tensor<2x3xui32>
  %b = stablehlo.broadcast_in_dim %y, dims = [0, 2] : (tensor<1x3xui32>) -> tensor<2x2x3xui32>
  check.expect_eq_const %b, dense<[[[3, 2, 1], [3, 2, 1]], [[3, 2, 1], [3, 2, 1]]]> : tensor<2x2x3xui32>
  %c = stablehlo.broadcast_in_dim %x, dims = [0] : (tensor<3xui32>) -> tensor<3xui32>
  check.expect_eq_const %c, dense<[1, 2, 3]> : tensor<3xui32>
  func.return
}

// -----

func.func @reshape_ui32() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xui32>
  %a = stablehlo.reshape %x : (tensor<2x3xui32>) -> tensor<3x2xui32>
  check.expect_eq_const %a, dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xui32>
  %b = stablehlo.reshape %x : (tensor<2x3xui32>) -> tensor<1x6x1xui32>
  check.expect_eq_const %b, dense<[[[1], [2], [3], [4], [5], [6]]]> : tensor<1x6x1xui32>
  %c = stablehlo.reshape %b : (tensor<1x6x1xui32>) -> tensor<6xui32>
  check.expect_eq_const %c, dense<[1, 2, 3, 4, 5, 6]> : tensor<6xui32>
  func.return
}

// -----

func.func @transpose_ui32() {
  %x = stablehlo.constant dense<[[[1, 2], [3, 4], [5, 6]], [[7, 8], [9, 10], [11, 12]]]> : tensor<2x3x2xui32>
  %m = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xui32>
  %a = stablehlo.transpose %x, dims = [2, 0, 1] : (tensor<2x3x2xui32>) -> tensor<2x2x3xui32>
  check.expect_eq_const %a, dense<[[[1, 3, 5], [7, 9, 11]], [[2, 4, 6], [8, 10, 12]]]> : tensor<2x2x3xui32>
  %b = stablehlo.transpose %m, dims = [1, 0] : (tensor<2x3xui32>) -> tensor<3x2xui32>
  check.expect_eq_const %b, dense<[[1, 4], [2, 5], [3, 6]]> : tensor<3x2xui32>
  func.return
}

// -----

func.func @slice_ui32() {
  %x = stablehlo.constant dense<[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]> : tensor<3x4xui32>
  %a = stablehlo.slice %x [0:3:2, 1:4:2] : (tensor<3x4xui32>) -> tensor<2x2xui32>
  check.expect_eq_const %a, dense<[[2, 4], [10, 12]]> : tensor<2x2xui32>
  %b = stablehlo.slice %x [1:3, 0:3] : (tensor<3x4xui32>) -> tensor<2x3xui32>
  check.expect_eq_const %b, dense<[[5, 6, 7], [9, 10, 11]]> : tensor<2x3xui32>
  %c = "stablehlo.slice"(%x) <{start_indices = array<i64: 1, 0>, limit_indices = array<i64: 3, 3>, strides = array<i64: 1, 1>}> : (tensor<3x4xui32>) -> tensor<2x3xui32>
  check.expect_eq %c, %b : tensor<2x3xui32>
  func.return
}

// -----

func.func @dynamic_slice_ui32() {
  %x = stablehlo.constant dense<[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]]> : tensor<4x4xui32>
  %i1 = stablehlo.constant dense<1> : tensor<i64>
  %i3 = stablehlo.constant dense<3> : tensor<i32>
  %neg = stablehlo.constant dense<-5> : tensor<i32>
  %u1 = stablehlo.constant dense<1> : tensor<ui32>
  %i1b = stablehlo.constant dense<1> : tensor<i32>
  %a = stablehlo.dynamic_slice %x, %i1b, %i3, sizes = [2, 2] : (tensor<4x4xui32>, tensor<i32>, tensor<i32>) -> tensor<2x2xui32>
  check.expect_eq_const %a, dense<[[7, 8], [11, 12]]> : tensor<2x2xui32>
  %b = stablehlo.dynamic_slice %x, %neg, %i1b, sizes = [3, 1] : (tensor<4x4xui32>, tensor<i32>, tensor<i32>) -> tensor<3x1xui32>
  check.expect_eq_const %b, dense<[[2], [6], [10]]> : tensor<3x1xui32>
  %c = "stablehlo.dynamic_slice"(%x, %i1, %i1) <{slice_sizes = array<i64: 2, 2>}> : (tensor<4x4xui32>, tensor<i64>, tensor<i64>) -> tensor<2x2xui32>
  check.expect_eq_const %c, dense<[[6, 7], [10, 11]]> : tensor<2x2xui32>
  %d = stablehlo.dynamic_slice %x, %u1, %u1, sizes = [1, 3] : (tensor<4x4xui32>, tensor<ui32>, tensor<ui32>) -> tensor<1x3xui32>
  check.expect_eq_const %d, dense<[[6, 7, 8]]> : tensor<1x3xui32>
  func.return
}

// -----

func.func @concatenate_ui32() {
  %a = stablehlo.constant dense<[[1, 2, 3]]> : tensor<1x3xui32>
  %b = stablehlo.constant dense<[[4, 5, 6], [7, 8, 9]]> : tensor<2x3xui32>
  %c = stablehlo.constant dense<[[2], [1]]> : tensor<2x1xui32>
  %r0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<1x3xui32>, tensor<2x3xui32>) -> tensor<3x3xui32>
  check.expect_eq_const %r0, dense<[[1, 2, 3], [4, 5, 6], [7, 8, 9]]> : tensor<3x3xui32>
  %r1 = stablehlo.concatenate %b, %c, %b, dim = 1 : (tensor<2x3xui32>, tensor<2x1xui32>, tensor<2x3xui32>) -> tensor<2x7xui32>
  check.expect_eq_const %r1, dense<[[4, 5, 6, 2, 4, 5, 6], [7, 8, 9, 1, 7, 8, 9]]> : tensor<2x7xui32>
  func.return
}

// -----

func.func @pad_ui32() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xui32>
  %zero = stablehlo.constant dense<0> : tensor<ui32>
  %fill = stablehlo.constant dense<9> : tensor<ui32>
  %a = stablehlo.pad %x, %zero, low = [0, 1], high = [2, 1], interior = [1, 2] : (tensor<2x3xui32>, tensor<ui32>) -> tensor<5x9xui32>
  check.expect_eq_const %a, dense<[[0, 1, 0, 0, 2, 0, 0, 3, 0], [0, 0, 0, 0, 0, 0, 0, 0, 0], [0, 4, 0, 0, 5, 0, 0, 6, 0], [0, 0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0, 0]]> : tensor<5x9xui32>
  %b = stablehlo.pad %x, %fill, low = [-1, 1], high = [1, -2], interior = [0, 1] : (tensor<2x3xui32>, tensor<ui32>) -> tensor<2x4xui32>
  check.expect_eq_const %b, dense<[[9, 4, 9, 5], [9, 9, 9, 9]]> : tensor<2x4xui32>
  func.return
}

// -----

func.func @reverse_ui32() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xui32>
  %a = stablehlo.reverse %x, dims = [1] : tensor<2x3xui32>
  check.expect_eq_const %a, dense<[[3, 2, 1], [6, 5, 4]]> : tensor<2x3xui32>
  %b = stablehlo.reverse %x, dims = [0, 1] : tensor<2x3xui32>
  check.expect_eq_const %b, dense<[[6, 5, 4], [3, 2, 1]]> : tensor<2x3xui32>
  func.return
}

// -----

func.func @broadcast_in_dim_ui64() {
  %x = stablehlo.constant dense<[1, 2, 3]> : tensor<3xui64>
  %y = stablehlo.constant dense<[[3, 2, 1]]> : tensor<1x3xui64>
  %a = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<3xui64>) -> tensor<2x3xui64>
  check.expect_eq_const %a, dense<[[1, 2, 3], [1, 2, 3]]> : tensor<2x3xui64>
  %b = stablehlo.broadcast_in_dim %y, dims = [0, 2] : (tensor<1x3xui64>) -> tensor<2x2x3xui64>
  check.expect_eq_const %b, dense<[[[3, 2, 1], [3, 2, 1]], [[3, 2, 1], [3, 2, 1]]]> : tensor<2x2x3xui64>
  %c = stablehlo.broadcast_in_dim %x, dims = [0] : (tensor<3xui64>) -> tensor<3xui64>
  check.expect_eq_const %c, dense<[1, 2, 3]> : tensor<3xui64>
  func.return
}

// -----

func.func @reshape_ui64() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xui64>
  %a = stablehlo.reshape %x : (tensor<2x3xui64>) -> tensor<3x2xui64>
  check.expect_eq_const %a, dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xui64>
  %b = stablehlo.reshape %x : (tensor<2x3xui64>) -> tensor<1x6x1xui64>
  check.expect_eq_const %b, dense<[[[1], [2], [3], [4], [5], [6]]]> : tensor<1x6x1xui64>
  %c = stablehlo.reshape %b : (tensor<1x6x1xui64>) -> tensor<6xui64>
  check.expect_eq_const %c, dense<[1, 2, 3, 4, 5, 6]> : tensor<6xui64>
  func.return
}

// -----

func.func @transpose_ui64() {
  %x = stablehlo.constant dense<[[[1, 2], [3, 4], [5, 6]], [[7, 8], [9, 10], [11, 12]]]> : tensor<2x3x2xui64>
  %m = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xui64>
  %a = stablehlo.transpose %x, dims = [2, 0, 1] : (tensor<2x3x2xui64>) -> tensor<2x2x3xui64>
  check.expect_eq_const %a, dense<[[[1, 3, 5], [7, 9, 11]], [[2, 4, 6], [8, 10, 12]]]> : tensor<2x2x3xui64>
  %b = stablehlo.transpose %m, dims = [1, 0] : (tensor<2x3xui64>) -> tensor<3x2xui64>
  check.expect_eq_const %b, dense<[[1, 4], [2, 5], [3, 6]]> : tensor<3x2xui64>
  func.return
}

// -----

func.func @slice_ui64() {
  %x = stablehlo.constant dense<[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]> : tensor<3x4xui64>
  %a = stablehlo.slice %x [0:3:2, 1:4:2] : (tensor<3x4xui64>) -> tensor<2x2xui64>
  check.expect_eq_const %a, dense<[[2, 4], [10, 12]]> : tensor<2x2xui64>
  %b = stablehlo.slice %x [1:3, 0:3] : (tensor<3x4xui64>) -> tensor<2x3xui64>
  check.expect_eq_const %b, dense<[[5, 6, 7], [9, 10, 11]]> : tensor<2x3xui64>
  %c = "stablehlo.slice"(%x) <{start_indices = array<i64: 1, 0>, limit_indices = array<i64: 3, 3>, strides = array<i64: 1, 1>}> : (tensor<3x4xui64>) -> tensor<2x3xui64>
  check.expect_eq %c, %b : tensor<2x3xui64>
  func.return
}

// -----

func.func @dynamic_slice_ui64() {
  %x = stablehlo.constant dense<[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]]> : tensor<4x4xui64>
  %i1 = stablehlo.constant dense<1> : tensor<i64>
  %i3 = stablehlo.constant dense<3> : tensor<i32>
  %neg = stablehlo.constant dense<-5> : tensor<i32>
  %u1 = stablehlo.constant dense<1> : tensor<ui32>
  %i1b = stablehlo.constant dense<1> : tensor<i32>
  %a = stablehlo.dynamic_slice %x, %i1b, %i3, sizes = [2, 2] : (tensor<4x4xui64>, tensor<i32>, tensor<i32>) -> tensor<2x2xui64>
  check.expect_eq_const %a, dense<[[7, 8], [11, 12]]> : tensor<2x2xui64>
  %b = stablehlo.dynamic_slice %x, %neg, %i1b, sizes = [3, 1] : (tensor<4x4xui64>, tensor<i32>, tensor<i32>) -> tensor<3x1xui64>
  check.expect_eq_const %b, dense<[[2], [6], [10]]> : tensor<3x1xui64>
  %c = "stablehlo.dynamic_slice"(%x, %i1, %i1) <{slice_sizes = array<i64: 2, 2>}> : (tensor<4x4xui64>, tensor<i64>, tensor<i64>) -> tensor<2x2xui64>
  check.expect_eq_const %c, dense<[[6, 7], [10, 11]]> : tensor<2x2xui64>
  %d = stablehlo.dynamic_slice %x, %u1, %u1, sizes = [1, 3] : (tensor<4x4xui64>, tensor<ui32>, tensor<ui32>) -> tensor<1x3xui64>
  check.expect_eq_const %d, dense<[[6, 7, 8]]> : tensor<1x3xui64>
  func.return
}

// -----

func.func @concatenate_ui64() {
  %a = stablehlo.constant dense<[[1, 2, 3]]> : tensor<1x3xui64>
  %b = stablehlo.constant dense<[[4, 5, 6], [7, 8, 9]]> : tensor<2x3xui64>
  %c = stablehlo.constant dense<[[2], [1]]> : tensor<2x1xui64>
  %r0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<1x3xui64>, tensor<2x3xui64>) -> tensor<3x3xui64>
  check.expect_eq_const %r0, dense<[[1, 2, 3], [4, 5, 6], [7, 8, 9]]> : tensor<3x3xui64>
  %r1 = stablehlo.concatenate %b, %c, %b, dim = 1 : (tensor<2x3xui64>, tensor<2x1xui64>, tensor<2x3xui64>) -> tensor<2x7xui64>
  check.expect_eq_const %r1, dense<[[4, 5, 6, 2, 4, 5, 6], [7, 8, 9, 1, 7, 8, 9]]> : tensor<2x7xui64>
  func.return
}

// -----

func.func @pad_ui64() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xui64>
  %zero = stablehlo.constant dense<0> : tensor<ui64>
  %fill = stablehlo.constant dense<9> : tensor<ui64>
  %a = stablehlo.pad %x, %zero, low = [0, 1], high = [2, 1], interior = [1, 2] : (tensor<2x3xui64>, tensor<ui64>) -> tensor<5x9xui64>
  check.expect_eq_const %a, dense<[[0, 1, 0, 0, 2, 0, 0, 3, 0], [0, 0, 0, 0, 0, 0, 0, 0, 0], [0, 4, 0, 0, 5, 0, 0, 6, 0], [0, 0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0, 0]]> : tensor<5x9xui64>
  %b = stablehlo.pad %x, %fill, low = [-1, 1], high = [1, -2], interior = [0, 1] : (tensor<2x3xui64>, tensor<ui64>) -> tensor<2x4xui64>
  check.expect_eq_const %b, dense<[[9, 4, 9, 5], [9, 9, 9, 9]]> : tensor<2x4xui64>
  func.return
}

// -----

func.func @reverse_ui64() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xui64>
  %a = stablehlo.reverse %x, dims = [1] : tensor<2x3xui64>
  check.expect_eq_const %a, dense<[[3, 2, 1], [6, 5, 4]]> : tensor<2x3xui64>
  %b = stablehlo.reverse %x, dims = [0, 1] : tensor<2x3xui64>
  check.expect_eq_const %b, dense<[[6, 5, 4], [3, 2, 1]]> : tensor<2x3xui64>
  func.return
}

// -----

func.func @broadcast_in_dim_f32() {
  %x = stablehlo.constant dense<[1.0, 1.0, 3.0]> : tensor<3xf32>
  %y = stablehlo.constant dense<[[3.0, 1.0, 1.0]]> : tensor<1x3xf32>
  %a = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  check.expect_eq_const %a, dense<[[1.0, 1.0, 3.0], [1.0, 1.0, 3.0]]> : tensor<2x3xf32>
  %b = stablehlo.broadcast_in_dim %y, dims = [0, 2] : (tensor<1x3xf32>) -> tensor<2x2x3xf32>
  check.expect_eq_const %b, dense<[[[3.0, 1.0, 1.0], [3.0, 1.0, 1.0]], [[3.0, 1.0, 1.0], [3.0, 1.0, 1.0]]]> : tensor<2x2x3xf32>
  %c = stablehlo.broadcast_in_dim %x, dims = [0] : (tensor<3xf32>) -> tensor<3xf32>
  check.expect_eq_const %c, dense<[1.0, 1.0, 3.0]> : tensor<3xf32>
  func.return
}

// -----

func.func @reshape_f32() {
  %x = stablehlo.constant dense<[[1.0, 1.0, 3.0], [2.0, 5.0, 3.0]]> : tensor<2x3xf32>
  %a = stablehlo.reshape %x : (tensor<2x3xf32>) -> tensor<3x2xf32>
  check.expect_eq_const %a, dense<[[1.0, 1.0], [3.0, 2.0], [5.0, 3.0]]> : tensor<3x2xf32>
  %b = stablehlo.reshape %x : (tensor<2x3xf32>) -> tensor<1x6x1xf32>
  check.expect_eq_const %b, dense<[[[1.0], [1.0], [3.0], [2.0], [5.0], [3.0]]]> : tensor<1x6x1xf32>
  %c = stablehlo.reshape %b : (tensor<1x6x1xf32>) -> tensor<6xf32>
  check.expect_eq_const %c, dense<[1.0, 1.0, 3.0, 2.0, 5.0, 3.0]> : tensor<6xf32>
  func.return
}

// -----

func.func @transpose_f32() {
  %x = stablehlo.constant dense<[[[1.0, 1.0], [3.0, 2.0], [5.0, 3.0]], [[7.0, 4.0], [9.0, 5.0], [11.0, 6.0]]]> : tensor<2x3x2xf32>
  %m = stablehlo.constant dense<[[1.0, 1.0, 3.0], [2.0, 5.0, 3.0]]> : tensor<2x3xf32>
  %a = stablehlo.transpose %x, dims = [2, 0, 1] : (tensor<2x3x2xf32>) -> tensor<2x2x3xf32>
  check.expect_eq_const %a, dense<[[[1.0, 3.0, 5.0], [7.0, 9.0, 11.0]], [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]]> : tensor<2x2x3xf32>
  %b = stablehlo.transpose %m, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  check.expect_eq_const %b, dense<[[1.0, 2.0], [1.0, 5.0], [3.0, 3.0]]> : tensor<3x2xf32>
  func.return
}

// -----

func.func @slice_f32() {
  %x = stablehlo.constant dense<[[1.0, 1.0, 3.0, 2.0], [5.0, 3.0, 7.0, 4.0], [9.0, 5.0, 11.0, 6.0]]> : tensor<3x4xf32>
  %a = stablehlo.slice %x [0:3:2, 1:4:2] : (tensor<3x4xf32>) -> tensor<2x2xf32>
  check.expect_eq_const %a, dense<[[1.0, 2.0], [5.0, 6.0]]> : tensor<2x2xf32>
  %b = stablehlo.slice %x [1:3, 0:3] : (tensor<3x4xf32>) -> tensor<2x3xf32>
  check.expect_eq_const %b, dense<[[5.0, 3.0, 7.0], [9.0, 5.0, 11.0]]> : tensor<2x3xf32>
  %c = "stablehlo.slice"(%x) <{start_indices = array<i64: 1, 0>, limit_indices = array<i64: 3, 3>, strides = array<i64: 1, 1>}> : (tensor<3x4xf32>) -> tensor<2x3xf32>
  check.expect_eq %c, %b : tensor<2x3xf32>
  func.return
}

// -----

func.func @dynamic_slice_f32() {
  %x = stablehlo.constant dense<[[1.0, 1.0, 3.0, 2.0], [5.0, 3.0, 7.0, 4.0], [9.0, 5.0, 11.0, 6.0], [13.0, 7.0, 15.0, 8.0]]> : tensor<4x4xf32>
  %i1 = stablehlo.constant dense<1> : tensor<i64>
  %i3 = stablehlo.constant dense<3> : tensor<i32>
  %neg = stablehlo.constant dense<-5> : tensor<i32>
  %u1 = stablehlo.constant dense<1> : tensor<ui32>
  %i1b = stablehlo.constant dense<1> : tensor<i32>
  %a = stablehlo.dynamic_slice %x, %i1b, %i3, sizes = [2, 2] : (tensor<4x4xf32>, tensor<i32>, tensor<i32>) -> tensor<2x2xf32>
  check.expect_eq_const %a, dense<[[7.0, 4.0], [11.0, 6.0]]> : tensor<2x2xf32>
  %b = stablehlo.dynamic_slice %x, %neg, %i1b, sizes = [3, 1] : (tensor<4x4xf32>, tensor<i32>, tensor<i32>) -> tensor<3x1xf32>
  check.expect_eq_const %b, dense<[[1.0], [3.0], [5.0]]> : tensor<3x1xf32>
  %c = "stablehlo.dynamic_slice"(%x, %i1, %i1) <{slice_sizes = array<i64: 2, 2>}> : (tensor<4x4xf32>, tensor<i64>, tensor<i64>) -> tensor<2x2xf32>
  check.expect_eq_const %c, dense<[[3.0, 7.0], [5.0, 11.0]]> : tensor<2x2xf32>
  %d = stablehlo.dynamic_slice %x, %u1, %u1, sizes = [1, 3] : (tensor<4x4xf32>, tensor<ui32>, tensor<ui32>) -> tensor<1x3xf32>
  check.expect_eq_const %d, dense<[[3.0, 7.0, 4.0]]> : tensor<1x3xf32>
  func.return
}

// -----

func.func @concatenate_f32() {
  %a = stablehlo.constant dense<[[1.0, 1.0, 3.0]]> : tensor<1x3xf32>
  %b = stablehlo.constant dense<[[2.0, 5.0, 3.0], [7.0, 4.0, 9.0]]> : tensor<2x3xf32>
  %c = stablehlo.constant dense<1.0> : tensor<2x1xf32>
  %r0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<1x3xf32>, tensor<2x3xf32>) -> tensor<3x3xf32>
  check.expect_eq_const %r0, dense<[[1.0, 1.0, 3.0], [2.0, 5.0, 3.0], [7.0, 4.0, 9.0]]> : tensor<3x3xf32>
  %r1 = stablehlo.concatenate %b, %c, %b, dim = 1 : (tensor<2x3xf32>, tensor<2x1xf32>, tensor<2x3xf32>) -> tensor<2x7xf32>
  check.expect_eq_const %r1, dense<[[2.0, 5.0, 3.0, 1.0, 2.0, 5.0, 3.0], [7.0, 4.0, 9.0, 1.0, 7.0, 4.0, 9.0]]> : tensor<2x7xf32>
  func.return
}

// -----

func.func @pad_f32() {
  %x = stablehlo.constant dense<[[1.0, 1.0, 3.0], [2.0, 5.0, 3.0]]> : tensor<2x3xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %fill = stablehlo.constant dense<-1.0> : tensor<f32>
  %a = stablehlo.pad %x, %zero, low = [0, 1], high = [2, 1], interior = [1, 2] : (tensor<2x3xf32>, tensor<f32>) -> tensor<5x9xf32>
  check.expect_eq_const %a, dense<[[0.0, 1.0, 0.0, 0.0, 1.0, 0.0, 0.0, 3.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 2.0, 0.0, 0.0, 5.0, 0.0, 0.0, 3.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]]> : tensor<5x9xf32>
  %b = stablehlo.pad %x, %fill, low = [-1, 1], high = [1, -2], interior = [0, 1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x4xf32>
  check.expect_eq_const %b, dense<[[-1.0, 2.0, -1.0, 5.0], [-1.0, -1.0, -1.0, -1.0]]> : tensor<2x4xf32>
  func.return
}

// -----

func.func @reverse_f32() {
  %x = stablehlo.constant dense<[[1.0, 1.0, 3.0], [2.0, 5.0, 3.0]]> : tensor<2x3xf32>
  %a = stablehlo.reverse %x, dims = [1] : tensor<2x3xf32>
  check.expect_eq_const %a, dense<[[3.0, 1.0, 1.0], [3.0, 5.0, 2.0]]> : tensor<2x3xf32>
  %b = stablehlo.reverse %x, dims = [0, 1] : tensor<2x3xf32>
  check.expect_eq_const %b, dense<[[3.0, 5.0, 2.0], [3.0, 1.0, 1.0]]> : tensor<2x3xf32>
  func.return
}

// -----

func.func @broadcast_in_dim_f64() {
  %x = stablehlo.constant dense<[1.0, 1.0, 3.0]> : tensor<3xf64>
  %y = stablehlo.constant dense<[[3.0, 1.0, 1.0]]> : tensor<1x3xf64>
  %a = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<3xf64>) -> tensor<2x3xf64>
  check.expect_eq_const %a, dense<[[1.0, 1.0, 3.0], [1.0, 1.0, 3.0]]> : tensor<2x3xf64>
  %b = stablehlo.broadcast_in_dim %y, dims = [0, 2] : (tensor<1x3xf64>) -> tensor<2x2x3xf64>
  check.expect_eq_const %b, dense<[[[3.0, 1.0, 1.0], [3.0, 1.0, 1.0]], [[3.0, 1.0, 1.0], [3.0, 1.0, 1.0]]]> : tensor<2x2x3xf64>
  %c = stablehlo.broadcast_in_dim %x, dims = [0] : (tensor<3xf64>) -> tensor<3xf64>
  check.expect_eq_const %c, dense<[1.0, 1.0, 3.0]> : tensor<3xf64>
  func.return
}

// -----

func.func @reshape_f64() {
  %x = stablehlo.constant dense<[[1.0, 1.0, 3.0], [2.0, 5.0, 3.0]]> : tensor<2x3xf64>
  %a = stablehlo.reshape %x : (tensor<2x3xf64>) -> tensor<3x2xf64>
  check.expect_eq_const %a, dense<[[1.0, 1.0], [3.0, 2.0], [5.0, 3.0]]> : tensor<3x2xf64>
  %b = stablehlo.reshape %x : (tensor<2x3xf64>) -> tensor<1x6x1xf64>
  check.expect_eq_const %b, dense<[[[1.0], [1.0], [3.0], [2.0], [5.0], [3.0]]]> : tensor<1x6x1xf64>
  %c = stablehlo.reshape %b : (tensor<1x6x1xf64>) -> tensor<6xf64>
  check.expect_eq_const %c, dense<[1.0, 1.0, 3.0, 2.0, 5.0, 3.0]> : tensor<6xf64>
  func.return
}

// -----

func.func @transpose_f64() {
  %x = stablehlo.constant dense<[[[1.0, 1.0], [3.0, 2.0], [5.0, 3.0]], [[7.0, 4.0], [9.0, 5.0], [11.0, 6.0]]]> : tensor<2x3x2xf64>
  %m = stablehlo.constant dense<[[1.0, 1.0, 3.0], [2.0, 5.0, 3.0]]> : tensor<2x3xf64>
  %a = stablehlo.transpose %x, dims = [2, 0, 1] : (tensor<2x3x2xf64>) -> tensor<2x2x3xf64>
  check.expect_eq_const %a, dense<[[[1.0, 3.0, 5.0], [7.0, 9.0, 11.0]], [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]]> : tensor<2x2x3xf64>
  %b = stablehlo.transpose %m, dims = [1, 0] : (tensor<2x3xf64>) -> tensor<3x2xf64>
  check.expect_eq_const %b, dense<[[1.0, 2.0], [1.0, 5.0], [3.0, 3.0]]> : tensor<3x2xf64>
  func.return
}

// -----

func.func @slice_f64() {
  %x = stablehlo.constant dense<[[1.0, 1.0, 3.0, 2.0], [5.0, 3.0, 7.0, 4.0], [9.0, 5.0, 11.0, 6.0]]> : tensor<3x4xf64>
  %a = stablehlo.slice %x [0:3:2, 1:4:2] : (tensor<3x4xf64>) -> tensor<2x2xf64>
  check.expect_eq_const %a, dense<[[1.0, 2.0], [5.0, 6.0]]> : tensor<2x2xf64>
  %b = stablehlo.slice %x [1:3, 0:3] : (tensor<3x4xf64>) -> tensor<2x3xf64>
  check.expect_eq_const %b, dense<[[5.0, 3.0, 7.0], [9.0, 5.0, 11.0]]> : tensor<2x3xf64>
  %c = "stablehlo.slice"(%x) <{start_indices = array<i64: 1, 0>, limit_indices = array<i64: 3, 3>, strides = array<i64: 1, 1>}> : (tensor<3x4xf64>) -> tensor<2x3xf64>
  check.expect_eq %c, %b : tensor<2x3xf64>
  func.return
}

// -----

func.func @dynamic_slice_f64() {
  %x = stablehlo.constant dense<[[1.0, 1.0, 3.0, 2.0], [5.0, 3.0, 7.0, 4.0], [9.0, 5.0, 11.0, 6.0], [13.0, 7.0, 15.0, 8.0]]> : tensor<4x4xf64>
  %i1 = stablehlo.constant dense<1> : tensor<i64>
  %i3 = stablehlo.constant dense<3> : tensor<i32>
  %neg = stablehlo.constant dense<-5> : tensor<i32>
  %u1 = stablehlo.constant dense<1> : tensor<ui32>
  %i1b = stablehlo.constant dense<1> : tensor<i32>
  %a = stablehlo.dynamic_slice %x, %i1b, %i3, sizes = [2, 2] : (tensor<4x4xf64>, tensor<i32>, tensor<i32>) -> tensor<2x2xf64>
  check.expect_eq_const %a, dense<[[7.0, 4.0], [11.0, 6.0]]> : tensor<2x2xf64>
  %b = stablehlo.dynamic_slice %x, %neg, %i1b, sizes = [3, 1] : (tensor<4x4xf64>, tensor<i32>, tensor<i32>) -> tensor<3x1xf64>
  check.expect_eq_const %b, dense<[[1.0], [3.0], [5.0]]> : tensor<3x1xf64>
  %c = "stablehlo.dynamic_slice"(%x, %i1, %i1) <{slice_sizes = array<i64: 2, 2>}> : (tensor<4x4xf64>, tensor<i64>, tensor<i64>) -> tensor<2x2xf64>
  check.expect_eq_const %c, dense<[[3.0, 7.0], [5.0, 11.0]]> : tensor<2x2xf64>
  %d = stablehlo.dynamic_slice %x, %u1, %u1, sizes = [1, 3] : (tensor<4x4xf64>, tensor<ui32>, tensor<ui32>) -> tensor<1x3xf64>
  check.expect_eq_const %d, dense<[[3.0, 7.0, 4.0]]> : tensor<1x3xf64>
  func.return
}

// -----

func.func @concatenate_f64() {
  %a = stablehlo.constant dense<[[1.0, 1.0, 3.0]]> : tensor<1x3xf64>
  %b = stablehlo.constant dense<[[2.0, 5.0, 3.0], [7.0, 4.0, 9.0]]> : tensor<2x3xf64>
  %c = stablehlo.constant dense<1.0> : tensor<2x1xf64>
  %r0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<1x3xf64>, tensor<2x3xf64>) -> tensor<3x3xf64>
  check.expect_eq_const %r0, dense<[[1.0, 1.0, 3.0], [2.0, 5.0, 3.0], [7.0, 4.0, 9.0]]> : tensor<3x3xf64>
  %r1 = stablehlo.concatenate %b, %c, %b, dim = 1 : (tensor<2x3xf64>, tensor<2x1xf64>, tensor<2x3xf64>) -> tensor<2x7xf64>
  check.expect_eq_const %r1, dense<[[2.0, 5.0, 3.0, 1.0, 2.0, 5.0, 3.0], [7.0, 4.0, 9.0, 1.0, 7.0, 4.0, 9.0]]> : tensor<2x7xf64>
  func.return
}

// -----

func.func @pad_f64() {
  %x = stablehlo.constant dense<[[1.0, 1.0, 3.0], [2.0, 5.0, 3.0]]> : tensor<2x3xf64>
  %zero = stablehlo.constant dense<0.0> : tensor<f64>
  %fill = stablehlo.constant dense<-1.0> : tensor<f64>
  %a = stablehlo.pad %x, %zero, low = [0, 1], high = [2, 1], interior = [1, 2] : (tensor<2x3xf64>, tensor<f64>) -> tensor<5x9xf64>
  check.expect_eq_const %a, dense<[[0.0, 1.0, 0.0, 0.0, 1.0, 0.0, 0.0, 3.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 2.0, 0.0, 0.0, 5.0, 0.0, 0.0, 3.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]]> : tensor<5x9xf64>
  %b = stablehlo.pad %x, %fill, low = [-1, 1], high = [1, -2], interior = [0, 1] : (tensor<2x3xf64>, tensor<f64>) -> tensor<2x4xf64>
  check.expect_eq_const %b, dense<[[-1.0, 2.0, -1.0, 5.0], [-1.0, -1.0, -1.0, -1.0]]> : tensor<2x4xf64>
  func.return
}

// -----

func.func @reverse_f64() {
  %x = stablehlo.constant dense<[[1.0, 1.0, 3.0], [2.0, 5.0, 3.0]]> : tensor<2x3xf64>
  %a = stablehlo.reverse %x, dims = [1] : tensor<2x3xf64>
  check.expect_eq_const %a, dense<[[3.0, 1.0, 1.0], [3.0, 5.0, 2.0]]> : tensor<2x3xf64>
  %b = stablehlo.reverse %x, dims = [0, 1] : tensor<2x3xf64>
  check.expect_eq_const %b, dense<[[3.0, 5.0, 2.0], [3.0, 1.0, 1.0]]> : tensor<2x3xf64>
  func.return
}
