func.func @sign_i32() {
  %operand = stablehlo.constant dense<[-3, 0, 5, -2147483648]> : tensor<4xi32>
  %result = stablehlo.sign %operand : tensor<4xi32>
  check.expect_eq_const %result, dense<[-1, 0, 1, -1]> : tensor<4xi32>
  func.return
}
