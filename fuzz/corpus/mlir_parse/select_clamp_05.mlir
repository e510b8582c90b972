func.func @select_ui8() {
  %pred = stablehlo.constant dense<[true, false, true, false]> : tensor<4xi1>
  %on_true = stablehlo.constant dense<[1, 2, 3, 255]> : tensor<4xui8>
  %on_false = stablehlo.constant dense<[5, 6, 7, 8]> : tensor<4xui8>
  %result = stablehlo.select %pred, %on_true, %on_false : tensor<4xi1>, tensor<4xui8>
  check.expect_eq_const %result, dense<[1, 6, 3, 8]> : tensor<4xui8>
  func.return
}
