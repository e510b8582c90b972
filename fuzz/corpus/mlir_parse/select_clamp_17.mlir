func.func @clamp_ui16() {
  %min = stablehlo.constant dense<1> : tensor<4xui16>
  %operand = stablehlo.constant dense<[0, 3, 9, 4]> : tensor<4xui16>
  %max = stablehlo.constant dense<5> : tensor<4xui16>
  %result = stablehlo.clamp %min, %operand, %max : (tensor<4xui16>, tensor<4xui16>, tensor<4xui16>) -> tensor<4xui16>
  check.expect_eq_const %result, dense<[1, 3, 5, 4]> : tensor<4xui16>
  func.return
}
