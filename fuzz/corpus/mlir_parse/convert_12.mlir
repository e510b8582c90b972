func.func @convert_f64_to_f32_rounds() {
  %x = stablehlo.constant dense<[0.1, 16777217.0]> : tensor<2xf64>
  %r = stablehlo.convert %x : (tensor<2xf64>) -> tensor<2xf32>
  check.expect_eq_const %r, dense<[0.10000000149011612, 16777216.0]> : tensor<2xf32>
  %back = stablehlo.convert %r : (tensor<2xf32>) -> tensor<2xf64>
  check.expect_eq_const %back, dense<[0.10000000149011612, 16777216.0]> : tensor<2xf64>
  func.return
}
