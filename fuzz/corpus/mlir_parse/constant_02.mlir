func.func @constant_i16() {
  %dense = stablehlo.constant dense<[[1, -2, 0], [32767, -32768, 7]]> : tensor<2x3xi16>
  %hex = stablehlo.constant dense<"0x0100FEFF0000FF7F00800700"> : tensor<2x3xi16>
  check.expect_eq %dense, %hex : tensor<2x3xi16>
  %splat = stablehlo.constant dense<1> : tensor<2x3xi16>
  check.expect_eq_const %splat, dense<1> : tensor<2x3xi16>
  %hex_splat = stablehlo.constant dense<"0xFEFF"> : tensor<2x3xi16>
  check.expect_eq_const %hex_splat, dense<-2> : tensor<2x3xi16>
  %scalar = stablehlo.constant dense<32767> : tensor<i16>
  check.expect_eq_const %scalar, dense<32767> : tensor<i16>
  %generic = "stablehlo.constant"() {value = dense<[[1, -2, 0], [32767, -32768, 7]]> : tensor<2x3xi16>} : () -> tensor<2x3xi16>
  check.expect_eq %generic, %dense : tensor<2x3xi16>
  %empty = stablehlo.constant dense<> : tensor<0x3xi16>
  check.expect_eq_const %empty, dense<> : tensor<0x3xi16>
  func.return
}
