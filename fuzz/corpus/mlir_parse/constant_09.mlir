func.func @constant_f32() {
  %dense = stablehlo.constant dense<[[1.5, -2.0, 0.0], [3.25, -0.125, 10000000000.0]]> : tensor<2x3xf32>
  %hex = stablehlo.constant dense<"0x0000C03F000000C00000000000005040000000BEF9021550"> : tensor<2x3xf32>
  check.expect_eq %dense, %hex : tensor<2x3xf32>
  %splat = stablehlo.constant dense<1.5> : tensor<2x3xf32>
  check.expect_eq_const %splat, dense<1.5> : tensor<2x3xf32>
  %hex_splat = stablehlo.constant dense<"0x000000C0"> : tensor<2x3xf32>
  check.expect_eq_const %hex_splat, dense<-2.0> : tensor<2x3xf32>
  %scalar = stablehlo.constant dense<3.25> : tensor<f32>
  check.expect_eq_const %scalar, dense<3.25> : tensor<f32>
  %generic = "stablehlo.constant"() {value = dense<[[1.5, -2.0, 0.0], [3.25, -0.125, 10000000000.0]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  check.expect_eq %generic, %dense : tensor<2x3xf32>
  %empty = stablehlo.constant dense<> : tensor<0x3xf32>
  check.expect_eq_const %empty, dense<> : tensor<0x3xf32>
  func.return
}
