func.func @clamp_i64() {
  %min = stablehlo.constant dense<-1> : tensor<4xi64>
  %operand = stablehlo.constant dense<[-3, 0, 5, 100]> : tensor<4xi64>
  %max = stablehlo.constant dense<5> : tensor<4xi64>
  %result = stablehlo.clamp %min, %operand, %max : (tensor<4xi64>, tensor<4xi64>, tensor<4xi64>) -> tensor<4xi64>
  check.expect_eq_const %result, dense<[-1, 0, 5, 5]> : tensor<4xi64>
  func.return
}
