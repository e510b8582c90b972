func.func @multiply_ui32() {
  %lhs = stablehlo.constant dense<[0, 3, 5, 4294967295]> : tensor<4xui32>
  %rhs = stablehlo.constant dense<[7, 4, 3, 2]> : tensor<4xui32>
  %result = stablehlo.multiply %lhs, %rhs : tensor<4xui32>
  check.expect_eq_const %result, dense<[0, 12, 15, 4294967294]> : tensor<4xui32>
  func.return
}
