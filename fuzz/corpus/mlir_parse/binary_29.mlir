func.func @multiply_ui64() {
  %lhs = stablehlo.constant dense<[0, 3, 5, 18446744073709551615]> : tensor<4xui64>
  %rhs = stablehlo.constant dense<[7, 4, 3, 2]> : tensor<4xui64>
  %result = stablehlo.multiply %lhs, %rhs : tensor<4xui64>
  check.expect_eq_const %result, dense<[0, 12, 15, 18446744073709551614]> : tensor<4xui64>
  func.return
}
