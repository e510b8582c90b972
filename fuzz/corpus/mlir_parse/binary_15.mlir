func.func @subtract_ui8() {
  %lhs = stablehlo.constant dense<[5, 1, 0, 255]> : tensor<4xui8>
  %rhs = stablehlo.constant dense<[2, 4, 1, 255]> : tensor<4xui8>
  %result = stablehlo.subtract %lhs, %rhs : tensor<4xui8>
  check.expect_eq_const %result, dense<[3, 253, 255, 0]> : tensor<4xui8>
  func.return
}
