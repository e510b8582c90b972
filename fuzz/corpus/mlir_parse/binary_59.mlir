func.func @maximum_ui32() {
  %lhs = stablehlo.constant dense<[0, 7, 4294967295, 3]> : tensor<4xui32>
  %rhs = stablehlo.constant dense<[1, 7, 2, 4]> : tensor<4xui32>
  %result = stablehlo.maximum %lhs, %rhs : tensor<4xui32>
  check.expect_eq_const %result, dense<[1, 7, 4294967295, 4]> : tensor<4xui32>
  func.return
}
