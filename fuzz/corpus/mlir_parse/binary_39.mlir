func.func @divide_ui64() {
  %lhs = stablehlo.constant dense<[17, 18, 19, 18446744073709551615]> : tensor<4xui64>
  %rhs = stablehlo.constant dense<[3, 4, 5, 18446744073709551615]> : tensor<4xui64>
  %result = stablehlo.divide %lhs, %rhs : tensor<4xui64>
  check.expect_eq_const %result, dense<[5, 4, 3, 1]> : tensor<4xui64>
  func.return
}
