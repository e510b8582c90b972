func.func @or_ui16() {
  %lhs = stablehlo.constant dense<[65535, 12, 5, 0]> : tensor<4xui16>
  %rhs = stablehlo.constant dense<[7, 10, 65535, 0]> : tensor<4xui16>
  %result = stablehlo.or %lhs, %rhs : tensor<4xui16>
  check.expect_eq_const %result, dense<[65535, 14, 65535, 0]> : tensor<4xui16>
  func.return
}
