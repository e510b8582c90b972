func.func @clamp_ui32() {
  %min = stablehlo.constant dense<1> : tensor<ui32>
  %operand = stablehlo.constant dense<[0, 3, 9, 4]> : tensor<4xui32>
  %max = stablehlo.constant dense<5> : tensor<ui32>
  %result = stablehlo.clamp %min, %operand, %max : (tensor<ui32>, tensor<4xui32>, tensor<ui32>) -> tensor<4xui32>
  check.expect_eq_const %result, dense<[1, 3, 5, 4]> : tensor<4xui32>
  func.return
}
