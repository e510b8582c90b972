func.func @select_i64() {
  %pred = stablehlo.constant dense<[true, false, true, false]> : tensor<4xi1>
  %on_true = stablehlo.constant dense<[1, -2, 3, 9223372036854775807]> : tensor<4xi64>
  %on_false = stablehlo.constant dense<[-5, 6, -9223372036854775808, 8]> : tensor<4xi64>
  %result = stablehlo.select %pred, %on_true, %on_false : tensor<4xi1>, tensor<4xi64>
  check.expect_eq_const %result, dense<[1, 6, 3, 8]> : tensor<4xi64>
  func.return
}
