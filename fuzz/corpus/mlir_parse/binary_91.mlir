func.func @and_ui32() {
  %lhs = stablehlo.constant dense<[4294967295, 12, 5, 0]> : tensor<4xui32>
  %rhs = stablehlo.constant dense<[7, 10, 4294967295, 0]> : tensor<4xui32>
  %result = stablehlo.and %lhs, %rhs : tensor<4xui32>
  check.expect_eq_const %result, dense<[7, 8, 5, 0]> : tensor<4xui32>
  func.return
}
