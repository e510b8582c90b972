func.func @dot_general_transposed_i64() {
  %a = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi64>
  %b = stablehlo.constant dense<[[1, -1, 2], [0, -2, 3]]> : tensor<2x3xi64>
  %r = stablehlo.dot_general %a, %b, contracting_dims = [0] x [1] : (tensor<3x2xi64>, tensor<2x3xi64>) -> tensor<2x2xi64>
  check.expect_eq_const %r, dense<[[8, 9], [10, 10]]> : tensor<2x2xi64>
  func.return
}
