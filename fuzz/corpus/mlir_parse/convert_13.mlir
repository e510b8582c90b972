func.func @convert_large_unsigned() {
  %x = stablehlo.constant dense<[18446744073709551615, 4294967296]> : tensor<2xui64>
  %r = stablehlo.convert %x : (tensor<2xui64>) -> tensor<2xf64>
  check.expect_eq_const %r, dense<[1.8446744073709552e+19, 4294967296.0]> : tensor<2xf64>
  %w = stablehlo.convert %x : (tensor<2xui64>) -> tensor<2xi1>
  check.expect_eq_const %w, dense<true> : tensor<2xi1>
  func.return
}
