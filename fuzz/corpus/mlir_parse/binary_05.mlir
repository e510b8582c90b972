func.func @add_ui8() {
  %lhs = stablehlo.constant dense<[0, 1, 5, 255]> : tensor<4xui8>
  %rhs = stablehlo.constant dense<[2, 4, 3, 1]> : tensor<4xui8>
  %result = stablehlo.add %lhs, %rhs : tensor<4xui8>
  check.expect_eq_const %result, dense<[2, 5, 8, 0]> : tensor<4xui8>
  func.return
}
