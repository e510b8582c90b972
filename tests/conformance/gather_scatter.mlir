// gather and scatter: the spec's examples (index vectors of two components, start indices
// clamped by gather, an update outside the input skipped by scatter), and the token embedding's
// row gather and its scatter-add gradient (implicit index vectors, repeated rows summed).

func.func @gather_spec_example() {
  %operand = stablehlo.constant dense<[[[1, 2], [3, 4], [5, 6], [7, 8]],
                                       [[9, 10], [11, 12], [13, 14], [15, 16]],
                                       [[17, 18], [19, 20], [21, 22], [23, 24]]]> : tensor<3x4x2xi64>
  %start = stablehlo.constant dense<[[[0, 0], [1, 0], [2, 1]],
                                     [[0, 1], [1, 1], [0, 9]]]> : tensor<2x3x2xi64>
  %result = "stablehlo.gather"(%operand, %start) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2, 2>}> : (tensor<3x4x2xi64>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64>
  check.expect_eq_const %result, dense<[[[[1, 2], [3, 4]], [[3, 4], [5, 6]], [[13, 14], [15, 16]]],
                                        [[[9, 10], [11, 12]], [[11, 12], [13, 14]], [[17, 18], [19, 20]]]]> : tensor<2x3x2x2xi64>
  func.return
}

// -----

func.func @scatter_spec_example() {
  %inputs = stablehlo.constant dense<[[[1, 2], [3, 4], [5, 6], [7, 8]],
                                      [[9, 10], [11, 12], [13, 14], [15, 16]],
                                      [[17, 18], [19, 20], [21, 22], [23, 24]]]> : tensor<3x4x2xi64>
  %indices = stablehlo.constant dense<[[[0, 2], [1, 0], [2, 1]],
                                       [[0, 1], [1, 0], [0, 9]]]> : tensor<2x3x2xi64>
  %updates = stablehlo.constant dense<1> : tensor<2x3x2x2xi64>
  %result = "stablehlo.scatter"(%inputs, %indices, %updates) ({
    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
      %s = stablehlo.add %a, %b : tensor<i64>
      stablehlo.return %s : tensor<i64>
  }) {
    scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2, 3],
      inserted_window_dims = [0], scatter_dims_to_operand_dims = [1, 0], index_vector_dim = 2>,
    indices_are_sorted = false, unique_indices = false
  } : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64>
  check.expect_eq_const %result, dense<[[[1, 2], [5, 6], [7, 8], [7, 8]],
                                        [[10, 11], [12, 13], [14, 15], [16, 17]],
                                        [[18, 19], [20, 21], [21, 22], [23, 24]]]> : tensor<3x4x2xi64>
  func.return
}

// -----

// Rows of a [4, 3] table by ids [2, 2]; 7 and -1 clamp to the last and the first row.
func.func @gather_rows_clamped() {
  %table = stablehlo.constant dense<[[0.0, 1.0, 2.0], [10.0, 11.0, 12.0], [20.0, 21.0, 22.0], [30.0, 31.0, 32.0]]> : tensor<4x3xf32>
  %ids = stablehlo.constant dense<[[2, 0], [7, -1]]> : tensor<2x2xi32>
  %rows = "stablehlo.gather"(%table, %ids) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 3>}> : (tensor<4x3xf32>, tensor<2x2xi32>) -> tensor<2x2x3xf32>
  check.expect_eq_const %rows, dense<[[[20.0, 21.0, 22.0], [0.0, 1.0, 2.0]], [[30.0, 31.0, 32.0], [0.0, 1.0, 2.0]]]> : tensor<2x2x3xf32>
  func.return
}

// -----

// Row updates added into a zero [4, 3] table: id 1 twice (summed), id 5 outside (skipped).
func.func @scatter_add_rows() {
  %zero = stablehlo.constant dense<0.0> : tensor<4x3xf32>
  %ids = stablehlo.constant dense<[[1, 3], [1, 5]]> : tensor<2x2xi32>
  %updates = stablehlo.constant dense<[[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], [[0.5, 0.5, 0.5], [9.0, 9.0, 9.0]]]> : tensor<2x2x3xf32>
  %sums = "stablehlo.scatter"(%zero, %ids, %updates) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) : (tensor<4x3xf32>, tensor<2x2xi32>, tensor<2x2x3xf32>) -> tensor<4x3xf32>
  check.expect_eq_const %sums, dense<[[0.0, 0.0, 0.0], [1.5, 2.5, 3.5], [0.0, 0.0, 0.0], [4.0, 5.0, 6.0]]> : tensor<4x3xf32>
  func.return
}
