func.func @constant_f64() {
  %dense = stablehlo.constant dense<[[1.5, -2.0, 0.0], [3.25, -0.125, 10000000000.0]]> : tensor<2x3xf64>
  %hex = stablehlo.constant dense<"0x000000000000F83F00000000000000C000000000000000000000000000000A40000000000000C0BF000000205FA00242"> : tensor<2x3xf64>
  check.expect_eq %dense, %hex : tensor<2x3xf64>
  %splat = stablehlo.constant dense<1.5> : tensor<2x3xf64>
  check.expect_eq_const %splat, dense<1.5> : tensor<2x3xf64>
  %hex_splat = stablehlo.constant dense<"0x00000000000000C0"> : tensor<2x3xf64>
  check.expect_eq_const %hex_splat, dense<-2.0> : tensor<2x3xf64>
  %scalar = stablehlo.constant dense<3.25> : tensor<f64>
  check.expect_eq_const %scalar, dense<3.25> : tensor<f64>
  %generic = "stablehlo.constant"() {value = dense<[[1.5, -2.0, 0.0], [3.25, -0.125, 10000000000.0]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  check.expect_eq %generic, %dense : tensor<2x3xf64>
  %empty = stablehlo.constant dense<> : tensor<0x3xf64>
  check.expect_eq_const %empty, dense<> : tensor<0x3xf64>
  func.return
}
