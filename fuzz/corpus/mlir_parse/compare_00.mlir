// stablehlo.compare: every direction on every element type, with the comparison type the
// spec prescribes (SIGNED, UNSIGNED for unsigned and i1, FLOAT or TOTALORDER for floats).

func.func @compare_i1() {
  %lhs = stablehlo.constant dense<[false, false, true, true]> : tensor<4xi1>
  %rhs = stablehlo.constant dense<[false, true, false, true]> : tensor<4xi1>
  %eq = stablehlo.compare  EQ, %lhs, %rhs,  UNSIGNED : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  check.expect_eq_const %eq, dense<[true, false, false, true]> : tensor<4xi1>
  %ne = stablehlo.compare  NE, %lhs, %rhs,  UNSIGNED : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  check.expect_eq_const %ne, dense<[false, true, true, false]> : tensor<4xi1>
  %ge = stablehlo.compare  GE, %lhs, %rhs,  UNSIGNED : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  check.expect_eq_const %ge, dense<[true, false, true, true]> : tensor<4xi1>
  %gt = stablehlo.compare  GT, %lhs, %rhs,  UNSIGNED : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  check.expect_eq_const %gt, dense<[false, false, true, false]> : tensor<4xi1>
  %le = stablehlo.compare  LE, %lhs, %rhs,  UNSIGNED : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  check.expect_eq_const %le, dense<[true, true, false, true]> : tensor<4xi1>
  %lt = stablehlo.compare  LT, %lhs, %rhs,  UNSIGNED : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  check.expect_eq_const %lt, dense<[false, true, false, false]> : tensor<4xi1>
  func.return
}
