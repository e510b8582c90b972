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
