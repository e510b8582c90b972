func.func @constant_ui64() {
  %dense = stablehlo.constant dense<[[1, 2, 0], [18446744073709551615, 128, 7]]> : tensor<2x3xui64>
  %hex = stablehlo.constant dense<"0x010000000000000002000000000000000000000000000000FFFFFFFFFFFFFFFF80000000000000000700000000000000"> : tensor<2x3xui64>
  check.expect_eq %dense, %hex : tensor<2x3xui64>
  %splat = stablehlo.constant dense<1> : tensor<2x3xui64>
  check.expect_eq_const %splat, dense<1> : tensor<2x3xui64>
  %hex_splat = stablehlo.constant dense<"0x0200000000000000"> : tensor<2x3xui64>
  check.expect_eq_const %hex_splat, dense<2> : tensor<2x3xui64>
  %scalar = stablehlo.constant dense<18446744073709551615> : tensor<ui64>
  check.expect_eq_const %scalar, dense<18446744073709551615> : tensor<ui64>
  %generic = "stablehlo.constant"() {value = dense<[[1, 2, 0], [18446744073709551615, 128, 7]]> : tensor<2x3xui64>} : () -> tensor<2x3xui64>
  check.expect_eq %generic, %dense : tensor<2x3xui64>
  %empty = stablehlo.constant dense<> : tensor<0x3xui64>
  check.expect_eq_const %empty, dense<> : tensor<0x3xui64>
  func.return
}
