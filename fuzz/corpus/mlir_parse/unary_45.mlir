func.func @sqrt_f32_ulp() {
  %operand = stablehlo.constant dense<[2.0, 3.0, 10.0]> : tensor<3xf32>
  %result = stablehlo.sqrt %operand : tensor<3xf32>
  %expected = stablehlo.constant dense<[1.4142135381698608, 1.7320507764816284, 3.1622776985168457]> : tensor<3xf32>
  check.expect_close %result, %expected, max_ulp_difference = 0 : tensor<3xf32>, tensor<3xf32>
  func.return
}
