func.func @abs_i8() {
  %operand = stablehlo.constant dense<[-3, 0, 5, -127]> : tensor<4xi8>
  %result = stablehlo.abs %operand : tensor<4xi8>
  check.expect_eq_const %result, dense<[3, 0, 5, 127]> : tensor<4xi8>
  func.return
}
