func.func @constant_i32() {
  %dense = stablehlo.constant dense<[[1, -2, 0], [2147483647, -2147483648, 7]]> : tensor<2x3xi32>
  %hex = stablehlo.constant dense<"0x01000000FEFFFFFF00000000FFFFFF7F0000008007000000"> : tensor<2x3xi32>
  check.expect_eq %dense, %hex : tensor<2x3xi32>
  %splat = stablehlo.constant dense<1> : tensor<2x3xi32>
  check.expect_eq_const %splat, dense<1> : tensor<2x3xi32>
  %hex_splat = stablehlo.constant dense<"0xFEFFFFFF"> : tensor<2x3xi32>
  check.expect_eq_const %hex_splat, dense<-2> : tensor<2x3xi32>
  %scalar = stablehlo.constant dense<2147483647> : tensor<i32>
  check.expect_eq_const %scalar, dense<2147483647> : tensor<i32>
  %generic = "stablehlo.constant"() {value = dense<[[1, -2, 0], [2147483647, -2147483648, 7]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  check.expect_eq %generic, %dense : tensor<2x3xi32>
  %empty = stablehlo.constant dense<> : tensor<0x3xi32>
  check.expect_eq_const %empty, dense<> : tensor<0x3xi32>
  func.return
}
