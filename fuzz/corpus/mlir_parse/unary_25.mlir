func.func @not_i32() {
  %operand = stablehlo.constant dense<[-1, 0, 5, -2147483648]> : tensor<4xi32>
  %result = stablehlo.not %operand : tensor<4xi32>
  check.expect_eq_const %result, dense<[0, -1, -6, 2147483647]> : tensor<4xi32>
  func.return
}
