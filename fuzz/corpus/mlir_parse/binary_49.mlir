func.func @remainder_ui64() {
  %lhs = stablehlo.constant dense<[17, 18, 19, 20]> : tensor<4xui64>
  %rhs = stablehlo.constant dense<[3, 4, 5, 7]> : tensor<4xui64>
  %result = stablehlo.remainder %lhs, %rhs : tensor<4xui64>
  check.expect_eq_const %result, dense<[2, 2, 4, 6]> : tensor<4xui64>
  func.return
}
