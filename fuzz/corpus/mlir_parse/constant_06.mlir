func.func @constant_ui16() {
  %dense = stablehlo.constant dense<[[1, 2, 0], [65535, 128, 7]]> : tensor<2x3xui16>
  %hex = stablehlo.constant dense<"0x010002000000FFFF80000700"> : tensor<2x3xui16>
  check.expect_eq %dense, %hex : tensor<2x3xui16>
  %splat = stablehlo.constant dense<1> : tensor<2x3xui16>
  check.expect_eq_const %splat, dense<1> : tensor<2x3xui16>
  %hex_splat = stablehlo.constant dense<"0x0200"> : tensor<2x3xui16>
  check.expect_eq_const %hex_splat, dense<2> : tensor<2x3xui16>
  %scalar = stablehlo.constant dense<65535> : tensor<ui16>
  check.expect_eq_const %scalar, dense<65535> : tensor<ui16>
  %generic = "stablehlo.constant"() {value = dense<[[1, 2, 0], [65535, 128, 7]]> : tensor<2x3xui16>} : () -> tensor<2x3xui16>
  check.expect_eq %generic, %dense : tensor<2x3xui16>
  %empty = stablehlo.constant dense<> : tensor<0x3xui16>
  check.expect_eq_const %empty, dense<> : tensor<0x3xui16>
  func.return
}
