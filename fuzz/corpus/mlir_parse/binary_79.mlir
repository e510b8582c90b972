func.func @power_ui16() {
  %lhs = stablehlo.constant dense<[2, 3, 0, 1, 7]> : tensor<5xui16>
  %rhs = stablehlo.constant dense<[7, 2, 0, 9, 1]> : tensor<5xui16>
  %result = stablehlo.power %lhs, %rhs : tensor<5xui16>
  check.expect_eq_const %result, dense<[128, 9, 1, 1, 7]> : tensor<5xui16>
  func.return
}
