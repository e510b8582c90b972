func.func @add_ui32() {
  %lhs = stablehlo.constant dense<[0, 1, 5, 4294967295]> : tensor<4xui32>
  %rhs = stablehlo.constant dense<[2, 4, 3, 1]> : tensor<4xui32>
  %result = stablehlo.add %lhs, %rhs : tensor<4xui32>
  check.expect_eq_const %result, dense<[2, 5, 8, 0]> : tensor<4xui32>
  func.return
}
