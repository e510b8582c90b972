func.func @select_f64() {
  %pred = stablehlo.constant dense<[true, false, true, false]> : tensor<4xi1>
  %on_true = stablehlo.constant dense<[1.5, -2.0, 3.25, 4.0]> : tensor<4xf64>
  %on_false = stablehlo.constant dense<[-5.0, 6.5, -7.0, 8.0]> : tensor<4xf64>
  %result = stablehlo.select %pred, %on_true, %on_false : tensor<4xi1>, tensor<4xf64>
  check.expect_eq_const %result, dense<[1.5, 6.5, 3.25, 8.0]> : tensor<4xf64>
  func.return
}
