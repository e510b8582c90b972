func.func @subtract_i32() {
  %lhs = stablehlo.constant dense<[-3, 0, 5, 100]> : tensor<4xi32>
  %rhs = stablehlo.constant dense<[2, -4, 3, -27]> : tensor<4xi32>
  %result = stablehlo.subtract %lhs, %rhs : tensor<4xi32>
  check.expect_eq_const %result, dense<[-5, 4, 2, 127]> : tensor<4xi32>
  func.return
}
