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
