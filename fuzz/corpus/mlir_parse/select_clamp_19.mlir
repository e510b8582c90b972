func.func @clamp_ui64() {
  %min = stablehlo.constant dense<1> : tensor<4xui64>
  %operand = stablehlo.constant dense<[0, 3, 9, 4]> : tensor<4xui64>
  %max = stablehlo.constant dense<5> : tensor<4xui64>
  %result = stablehlo.clamp %min, %operand, %max : (tensor<4xui64>, tensor<4xui64>, tensor<4xui64>) -> tensor<4xui64>
  check.expect_eq_const %result, dense<[1, 3, 5, 4]> : tensor<4xui64>
  func.return
}
