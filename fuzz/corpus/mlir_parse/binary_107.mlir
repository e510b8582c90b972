func.func @xor_ui8() {
  %lhs = stablehlo.constant dense<[255, 12, 5, 0]> : tensor<4xui8>
  %rhs = stablehlo.constant dense<[7, 10, 255, 0]> : tensor<4xui8>
  %result = stablehlo.xor %lhs, %rhs : tensor<4xui8>
  check.expect_eq_const %result, dense<[248, 6, 250, 0]> : tensor<4xui8>
  func.return
}
