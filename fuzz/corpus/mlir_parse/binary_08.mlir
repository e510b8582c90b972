func.func @add_ui64() {
  %lhs = stablehlo.constant dense<[0, 1, 5, 18446744073709551615]> : tensor<4xui64>
  %rhs = stablehlo.constant dense<[2, 4, 3, 1]> : tensor<4xui64>
  %result = stablehlo.add %lhs, %rhs : tensor<4xui64>
  check.expect_eq_const %result, dense<[2, 5, 8, 0]> : tensor<4xui64>
  func.return
}
