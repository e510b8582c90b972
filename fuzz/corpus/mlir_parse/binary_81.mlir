func.func @power_ui64() {
  %lhs = stablehlo.constant dense<[2, 3, 0, 1, 7]> : tensor<5xui64>
  %rhs = stablehlo.constant dense<[7, 2, 0, 9, 1]> : tensor<5xui64>
  %result = stablehlo.power %lhs, %rhs : tensor<5xui64>
  check.expect_eq_const %result, dense<[128, 9, 1, 1, 7]> : tensor<5xui64>
  func.return
}
