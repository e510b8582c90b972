func.func @clamp_i8() {
  %min = stablehlo.constant dense<-1> : tensor<i8>
  %operand = stablehlo.constant dense<[-3, 0, 5, 100]> : tensor<4xi8>
  %max = stablehlo.constant dense<5> : tensor<i8>
  %result = stablehlo.clamp %min, %operand, %max : (tensor<i8>, tensor<4xi8>, tensor<i8>) -> tensor<4xi8>
  check.expect_eq_const %result, dense<[-1, 0, 5, 5]> : tensor<4xi8>
  func.return
}
