func.func @multiply_ui8() {
  %lhs = stablehlo.constant dense<[0, 3, 5, 255]> : tensor<4xui8>
  %rhs = stablehlo.constant dense<[7, 4, 3, 2]> : tensor<4xui8>
  %result = stablehlo.multiply %lhs, %rhs : tensor<4xui8>
  check.expect_eq_const %result, dense<[0, 12, 15, 254]> : tensor<4xui8>
  func.return
}
