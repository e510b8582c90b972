func.func @clamp_f64() {
  %min = stablehlo.constant dense<-1.0> : tensor<4xf64>
  %operand = stablehlo.constant dense<[-1.5, 0.0, 2.25, 1000.0]> : tensor<4xf64>
  %max = stablehlo.constant dense<2.0> : tensor<4xf64>
  %result = stablehlo.clamp %min, %operand, %max : (tensor<4xf64>, tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
  check.expect_eq_const %result, dense<[-1.0, 0.0, 2.0, 2.0]> : tensor<4xf64>
  func.return
}
