func.func @multiply_f64() {
  %lhs = stablehlo.constant dense<[-1.5, 0.0, 2.25, 3.0]> : tensor<4xf64>
  %rhs = stablehlo.constant dense<[0.5, -4.0, 4.0, -0.125]> : tensor<4xf64>
  %result = stablehlo.multiply %lhs, %rhs : tensor<4xf64>
  check.expect_eq_const %result, dense<[-0.75, -0.0, 9.0, -0.375]> : tensor<4xf64>
  func.return
}
