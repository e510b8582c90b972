func.func @divide_ui8() {
  %lhs = stablehlo.constant dense<[17, 18, 19, 255]> : tensor<4xui8>
  %rhs = stablehlo.constant dense<[3, 4, 5, 255]> : tensor<4xui8>
  %result = stablehlo.divide %lhs, %rhs : tensor<4xui8>
  check.expect_eq_const %result, dense<[5, 4, 3, 1]> : tensor<4xui8>
  func.return
}
