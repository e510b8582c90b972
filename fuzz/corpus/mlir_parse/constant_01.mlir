func.func @constant_i8() {
  %dense = stablehlo.constant dense<[[1, -2, 0], [127, -128, 7]]> : tensor<2x3xi8>
  %hex = stablehlo.constant dense<"0x01FE007F8007"> : tensor<2x3xi8>
  check.expect_eq %dense, %hex : tensor<2x3xi8>
  %splat = stablehlo.constant dense<1> : tensor<2x3xi8>
  check.expect_eq_const %splat, dense<1> : tensor<2x3xi8>
  %hex_splat = stablehlo.constant dense<"0xFE"> : tensor<2x3xi8>
  check.expect_eq_const %hex_splat, dense<-2> : tensor<2x3xi8>
  %scalar = stablehlo.constant dense<127> : tensor<i8>
  check.expect_eq_const %scalar, dense<127> : tensor<i8>
  %generic = "stablehlo.constant"() {value = dense<[[1, -2, 0], [127, -128, 7]]> : tensor<2x3xi8>} : () -> tensor<2x3xi8>
  check.expect_eq %generic, %dense : tensor<2x3xi8>
  %empty = stablehlo.constant dense<> : tensor<0x3xi8>
  check.expect_eq_const %empty, dense<> : tensor<0x3xi8>
  func.return
}
