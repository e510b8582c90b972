func.func @subtract_ui64() {
  %lhs = stablehlo.constant dense<[5, 1, 0, 18446744073709551615]> : tensor<4xui64>
  %rhs = stablehlo.constant dense<[2, 4, 1, 18446744073709551615]> : tensor<4xui64>
  %result = stablehlo.subtract %lhs, %rhs : tensor<4xui64>
  check.expect_eq_const %result, dense<[3, 18446744073709551613, 18446744073709551615, 0]> : tensor<4xui64>
  func.return
}
