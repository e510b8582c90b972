func.func @compare_f64() {
  %lhs = stablehlo.constant dense<[-1.5, 0.0, 2.25, 7.0]> : tensor<4xf64>
  %rhs = stablehlo.constant dense<[0.5, 0.0, -4.0, 7.5]> : tensor<4xf64>
  %eq = stablehlo.compare  EQ, %lhs, %rhs,  FLOAT : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xi1>
  check.expect_eq_const %eq, dense<[false, true, false, false]> : tensor<4xi1>
  %ne = stablehlo.compare  NE, %lhs, %rhs,  FLOAT : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xi1>
  check.expect_eq_const %ne, dense<[true, false, true, true]> : tensor<4xi1>
  %ge = stablehlo.compare  GE, %lhs, %rhs,  FLOAT : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xi1>
  check.expect_eq_const %ge, dense<[false, true, true, false]> : tensor<4xi1>
  %gt = stablehlo.compare  GT, %lhs, %rhs,  FLOAT : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xi1>
  check.expect_eq_const %gt, dense<[false, false, true, false]> : tensor<4xi1>
  %le = stablehlo.compare  LE, %lhs, %rhs,  FLOAT : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xi1>
  check.expect_eq_const %le, dense<[true, true, false, true]> : tensor<4xi1>
  %lt = stablehlo.compare  LT, %lhs, %rhs,  FLOAT : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xi1>
  check.expect_eq_const %lt, dense<[true, false, false, true]> : tensor<4xi1>
  func.return
}
