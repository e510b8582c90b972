func.func @maximum_ui8() {
  %lhs = stablehlo.constant dense<[0, 7, 255, 3]> : tensor<4xui8>
  %rhs = stablehlo.constant dense<[1, 7, 2, 4]> : tensor<4xui8>
  %result = stablehlo.maximum %lhs, %rhs : tensor<4xui8>
  check.expect_eq_const %result, dense<[1, 7, 255, 4]> : tensor<4xui8>
  func.return
}
