func.func @subtract_ui32() {
  %lhs = stablehlo.constant dense<[5, 1, 0, 4294967295]> : tensor<4xui32>
  %rhs = stablehlo.constant dense<[2, 4, 1, 4294967295]> : tensor<4xui32>
  %result = stablehlo.subtract %lhs, %rhs : tensor<4xui32>
  check.expect_eq_const %result, dense<[3, 4294967293, 4294967295, 0]> : tensor<4xui32>
  func.return
}
