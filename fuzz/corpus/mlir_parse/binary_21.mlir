func.func @multiply_i1() {
  %lhs = stablehlo.constant dense<[false, false, true, true]> : tensor<4xi1>
  %rhs = stablehlo.constant dense<[false, true, false, true]> : tensor<4xi1>
  %result = stablehlo.multiply %lhs, %rhs : tensor<4xi1>
  check.expect_eq_const %result, dense<[false, false, false, true]> : tensor<4xi1>
  func.return
}
