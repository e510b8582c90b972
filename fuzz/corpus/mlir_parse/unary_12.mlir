func.func @abs_i32() {
  %operand = stablehlo.constant dense<[-3, 0, 5, -2147483647]> : tensor<4xi32>
  %result = stablehlo.abs %operand : tensor<4xi32>
  check.expect_eq_const %result, dense<[3, 0, 5, 2147483647]> : tensor<4xi32>
  func.return
}
