func.func @clamp_ui8() {
  %min = stablehlo.constant dense<1> : tensor<ui8>
  %operand = stablehlo.constant dense<[0, 3, 9, 4]> : tensor<4xui8>
  %max = stablehlo.constant dense<5> : tensor<ui8>
  %result = stablehlo.clamp %min, %operand, %max : (tensor<ui8>, tensor<4xui8>, tensor<ui8>) -> tensor<4xui8>
  check.expect_eq_const %result, dense<[1, 3, 5, 4]> : tensor<4xui8>
  func.return
}
