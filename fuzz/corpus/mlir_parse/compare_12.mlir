func.func @compare_unsigned_high_bit_ui8() {
  %lhs = stablehlo.constant dense<[255, 128]> : tensor<2xui8>
  %rhs = stablehlo.constant dense<[1, 127]> : tensor<2xui8>
  %r = stablehlo.compare GT, %lhs, %rhs, UNSIGNED : (tensor<2xui8>, tensor<2xui8>) -> tensor<2xi1>
  check.expect_eq_const %r, dense<true> : tensor<2xi1>
  func.return
}
