func.func @compare_i8() {
  %lhs = stablehlo.constant dense<[-3, 0, 5, 7]> : tensor<4xi8>
  %rhs = stablehlo.constant dense<[2, 0, -4, 7]> : tensor<4xi8>
  %eq = stablehlo.compare  EQ, %lhs, %rhs,  SIGNED : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi1>
  check.expect_eq_const %eq, dense<[false, true, false, true]> : tensor<4xi1>
  %ne = stablehlo.compare  NE, %lhs, %rhs,  SIGNED : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi1>
  check.expect_eq_const %ne, dense<[true, false, true, false]> : tensor<4xi1>
  %ge = stablehlo.compare  GE, %lhs, %rhs,  SIGNED : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi1>
  check.expect_eq_const %ge, dense<[false, true, true, true]> : tensor<4xi1>
  %gt = stablehlo.compare  GT, %lhs, %rhs,  SIGNED : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi1>
  check.expect_eq_const %gt, dense<[false, false, true, false]> : tensor<4xi1>
  %le = stablehlo.compare  LE, %lhs, %rhs,  SIGNED : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi1>
  check.expect_eq_const %le, dense<[true, true, false, true]> : tensor<4xi1>
  %lt = stablehlo.compare  LT, %lhs, %rhs,  SIGNED : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi1>
  check.expect_eq_const %lt, dense<[true, false, false, false]> : tensor<4xi1>
  func.return
}
