func.func @constant_i64() {
  %dense = stablehlo.constant dense<[[1, -2, 0], [9223372036854775807, -9223372036854775808, 7]]> : tensor<2x3xi64>
  %hex = stablehlo.constant dense<"0x0100000000000000FEFFFFFFFFFFFFFF0000000000000000FFFFFFFFFFFFFF7F00000000000000800700000000000000"> : tensor<2x3xi64>
  check.expect_eq %dense, %hex : tensor<2x3xi64>
  %splat = stablehlo.constant dense<1> : tensor<2x3xi64>
  check.expect_eq_const %splat, dense<1> : tensor<2x3xi64>
  %hex_splat = stablehlo.constant dense<"0xFEFFFFFFFFFFFFFF"> : tensor<2x3xi64>
  check.expect_eq_const %hex_splat, dense<-2> : tensor<2x3xi64>
  %scalar = stablehlo.constant dense<9223372036854775807> : tensor<i64>
  check.expect_eq_const %scalar, dense<9223372036854775807> : tensor<i64>
  %generic = "stablehlo.constant"() {value = dense<[[1, -2, 0], [9223372036854775807, -9223372036854775808, 7]]> : tensor<2x3xi64>} : () -> tensor<2x3xi64>
  check.expect_eq %generic, %dense : tensor<2x3xi64>
  %empty = stablehlo.constant dense<> : tensor<0x3xi64>
  check.expect_eq_const %empty, dense<> : tensor<0x3xi64>
  func.return
}
