func.func @select_i16() {
  %pred = stablehlo.constant dense<[true, false, true, false]> : tensor<4xi1>
  %on_true = stablehlo.constant dense<[1, -2, 3, 32767]> : tensor<4xi16>
  %on_false = stablehlo.constant dense<[-5, 6, -32768, 8]> : tensor<4xi16>
  %result = stablehlo.select %pred, %on_true, %on_false : tensor<4xi1>, tensor<4xi16>
  check.expect_eq_const %result, dense<[1, 6, 3, 8]> : tensor<4xi16>
  func.return
}
