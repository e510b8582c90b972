func.func @divide_ui16() {
  %lhs = stablehlo.constant dense<[17, 18, 19, 65535]> : tensor<4xui16>
  %rhs = stablehlo.constant dense<[3, 4, 5, 65535]> : tensor<4xui16>
  %result = stablehlo.divide %lhs, %rhs : tensor<4xui16>
  check.expect_eq_const %result, dense<[5, 4, 3, 1]> : tensor<4xui16>
  func.return
}
