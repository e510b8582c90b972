func.func @constant_ui8() {
  %dense = stablehlo.constant dense<[[1, 2, 0], [255, 128, 7]]> : tensor<2x3xui8>
  %hex = stablehlo.constant dense<"0x010200FF8007"> : tensor<2x3xui8>
  check.expect_eq %dense, %hex : tensor<2x3xui8>
  %splat = stablehlo.constant dense<1> : tensor<2x3xui8>
  check.expect_eq_const %splat, dense<1> : tensor<2x3xui8>
  %hex_splat = stablehlo.constant dense<"0x02"> : tensor<2x3xui8>
  check.expect_eq_const %hex_splat, dense<2> : tensor<2x3xui8>
  %scalar = stablehlo.constant dense<255> : tensor<ui8>
  check.expect_eq_const %scalar, dense<255> : tensor<ui8>
  %generic = "stablehlo.constant"() {value = dense<[[1, 2, 0], [255, 128, 7]]> : tensor<2x3xui8>} : () -> tensor<2x3xui8>
  check.expect_eq %generic, %dense : tensor<2x3xui8>
  %empty = stablehlo.constant dense<> : tensor<0x3xui8>
  check.expect_eq_const %empty, dense<> : tensor<0x3xui8>
  func.return
}
