func.func @compare_no_type_i32() {
  %lhs = stablehlo.constant dense<[-1, 2]> : tensor<2xi32>
  %rhs = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %r = stablehlo.compare LT, %lhs, %rhs : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
  check.expect_eq_const %r, dense<[true, false]> : tensor<2xi1>
  func.return
}
