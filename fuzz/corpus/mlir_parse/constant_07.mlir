func.func @constant_ui32() {
  %dense = stablehlo.constant dense<[[1, 2, 0], [4294967295, 128, 7]]> : tensor<2x3xui32>
  %hex = stablehlo.constant dense<"0x010000000200000000000000FFFFFFFF8000000007000000"> : tensor<2x3xui32>
  check.expect_eq %dense, %hex : tensor<2x3xui32>
  %splat = stablehlo.constant dense<1> : tensor<2x3xui32>
  check.expect_eq_const %splat, dense<1> : tensor<2x3xui32>
  %hex_splat = stablehlo.constant dense<"0x02000000"> : tensor<2x3xui32>
  check.expect_eq_const %hex_splat, dense<2> : tensor<2x3xui32>
  %scalar = stablehlo.constant dense<4294967295> : tensor<ui32>
  check.expect_eq_const %scalar, dense<4294967295> : tensor<ui32>
  %generic = "stablehlo.constant"() {value = dense<[[1, 2, 0], [4294967295, 128, 7]]> : tensor<2x3xui32>} : () -> tensor<2x3xui32>
  check.expect_eq %generic, %dense : tensor<2x3xui32>
  %empty = stablehlo.constant dense<> : tensor<0x3xui32>
  check.expect_eq_const %empty, dense<> : tensor<0x3xui32>
  func.return
}
