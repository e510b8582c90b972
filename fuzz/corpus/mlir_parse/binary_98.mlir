func.func @or_ui8() {
  %lhs = stablehlo.constant dense<[255, 12, 5, 0]> : tensor<4xui8>
  %rhs = stablehlo.constant dense<[7, 10, 255, 0]> : tensor<4xui8>
  %result = stablehlo.or %lhs, %rhs : tensor<4xui8>
  check.expect_eq_const %result, dense<[255, 14, 255, 0]> : tensor<4xui8>
  func.return
}
