func.func @clamp_i32() {
  %min = stablehlo.constant dense<-1> : tensor<i32>
  %operand = stablehlo.constant dense<[-3, 0, 5, 100]> : tensor<4xi32>
  %max = stablehlo.constant dense<5> : tensor<i32>
  %result = stablehlo.clamp %min, %operand, %max : (tensor<i32>, tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
  check.expect_eq_const %result, dense<[-1, 0, 5, 5]> : tensor<4xi32>
  func.return
}
