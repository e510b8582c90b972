func.func @divide_ui32() {
  %lhs = stablehlo.constant dense<[17, 18, 19, 4294967295]> : tensor<4xui32>
  %rhs = stablehlo.constant dense<[3, 4, 5, 4294967295]> : tensor<4xui32>
  %result = stablehlo.divide %lhs, %rhs : tensor<4xui32>
  check.expect_eq_const %result, dense<[5, 4, 3, 1]> : tensor<4xui32>
  func.return
}
