func.func @remainder_ui32() {
  %lhs = stablehlo.constant dense<[17, 18, 19, 20]> : tensor<4xui32>
  %rhs = stablehlo.constant dense<[3, 4, 5, 7]> : tensor<4xui32>
  %result = stablehlo.remainder %lhs, %rhs : tensor<4xui32>
  check.expect_eq_const %result, dense<[2, 2, 4, 6]> : tensor<4xui32>
  func.return
}
