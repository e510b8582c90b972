func.func @subtract_f64() {
  %lhs = stablehlo.constant dense<[-1.5, 0.0, 2.25, 1024.0]> : tensor<4xf64>
  %rhs = stablehlo.constant dense<[0.5, -4.0, 0.75, 1.0]> : tensor<4xf64>
  %result = stablehlo.subtract %lhs, %rhs : tensor<4xf64>
  check.expect_eq_const %result, dense<[-2.0, 4.0, 1.5, 1023.0]> : tensor<4xf64>
  func.return
}
