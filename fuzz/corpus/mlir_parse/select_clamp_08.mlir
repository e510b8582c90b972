func.func @select_ui64() {
  %pred = stablehlo.constant dense<[true, false, true, false]> : tensor<4xi1>
  %on_true = stablehlo.constant dense<[1, 2, 3, 18446744073709551615]> : tensor<4xui64>
  %on_false = stablehlo.constant dense<[5, 6, 7, 8]> : tensor<4xui64>
  %result = stablehlo.select %pred, %on_true, %on_false : tensor<4xi1>, tensor<4xui64>
  check.expect_eq_const %result, dense<[1, 6, 3, 8]> : tensor<4xui64>
  func.return
}
