func.func @compare_ui8() {
  %lhs = stablehlo.constant dense<[0, 255, 5, 7]> : tensor<4xui8>
  %rhs = stablehlo.constant dense<[1, 255, 3, 8]> : tensor<4xui8>
  %eq = stablehlo.compare  EQ, %lhs, %rhs,  UNSIGNED : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xi1>
  check.expect_eq_const %eq, dense<[false, true, false, false]> : tensor<4xi1>
  %ne = stablehlo.compare  NE, %lhs, %rhs,  UNSIGNED : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xi1>
  check.expect_eq_const %ne, dense<[true, false, true, true]> : tensor<4xi1>
  %ge = stablehlo.compare  GE, %lhs, %rhs,  UNSIGNED : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xi1>
  check.expect_eq_const %ge, dense<[false, true, true, false]> : tensor<4xi1>
  %gt = stablehlo.compare  GT, %lhs, %rhs,  UNSIGNED : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xi1>
  check.expect_eq_const %gt, dense<[false, false, true, false]> : tensor<4xi1>
  %le = stablehlo.compare  LE, %lhs, %rhs,  UNSIGNED : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xi1>
  check.expect_eq_const %le, dense<[true, true, false, true]> : tensor<4xi1>
  %lt = stablehlo.compare  LT, %lhs, %rhs,  UNSIGNED : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xi1>
  check.expect_eq_const %lt, dense<[true, false, false, true]> : tensor<4xi1>
  func.return
}
