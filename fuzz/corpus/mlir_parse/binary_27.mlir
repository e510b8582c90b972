func.func @multiply_ui16() {
  %lhs = stablehlo.constant dense<[0, 3, 5, 65535]> : tensor<4xui16>
  %rhs = stablehlo.constant dense<[7, 4, 3, 2]> : tensor<4xui16>
  %result = stablehlo.multiply %lhs, %rhs : tensor<4xui16>
  check.expect_eq_const %result, dense<[0, 12, 15, 65534]> : tensor<4xui16>
  func.return
}
