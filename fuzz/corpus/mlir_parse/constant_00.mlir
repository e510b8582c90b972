// stablehlo.constant on every element type: nested lists, splats, hex byte strings
// (`dense<"0x...">`, little-endian), hex float bit patterns, scalars, empty tensors and the
// generic form.

func.func @constant_i1() {
  %dense = stablehlo.constant dense<[[true, false, true], [true, false, true]]> : tensor<2x3xi1>
  %splat = stablehlo.constant dense<true> : tensor<2x3xi1>
  check.expect_eq_const %splat, dense<true> : tensor<2x3xi1>
  %hex_splat = stablehlo.constant dense<"0x00"> : tensor<2x3xi1>
  check.expect_eq_const %hex_splat, dense<false> : tensor<2x3xi1>
  %scalar = stablehlo.constant dense<true> : tensor<i1>
  check.expect_eq_const %scalar, dense<true> : tensor<i1>
  %generic = "stablehlo.constant"() {value = dense<[[true, false, true], [true, false, true]]> : tensor<2x3xi1>} : () -> tensor<2x3xi1>
  check.expect_eq %generic, %dense : tensor<2x3xi1>
  %empty = stablehlo.constant dense<> : tensor<0x3xi1>
  check.expect_eq_const %empty, dense<> : tensor<0x3xi1>
  func.return
}
