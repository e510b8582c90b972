func.func @power_ui32() {
  %lhs = stablehlo.constant dense<[2, 3, 0, 1, 7]> : tensor<5xui32>
  %rhs = stablehlo.constant dense<[7, 2, 0, 9, 1]> : tensor<5xui32>
  %result = stablehlo.power %lhs, %rhs : tensor<5xui32>
  check.expect_eq_const %result, dense<[128, 9, 1, 1, 7]> : tensor<5xui32>
  func.return
}
