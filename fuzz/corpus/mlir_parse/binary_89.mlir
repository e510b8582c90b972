func.func @and_ui8() {
  %lhs = stablehlo.constant dense<[255, 12, 5, 0]> : tensor<4xui8>
  %rhs = stablehlo.constant dense<[7, 10, 255, 0]> : tensor<4xui8>
  %result = stablehlo.and %lhs, %rhs : tensor<4xui8>
  check.expect_eq_const %result, dense<[7, 8, 5, 0]> : tensor<4xui8>
  func.return
}
