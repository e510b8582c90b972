func.func @select_scalar_pred_f32() {
  %pred = stablehlo.constant dense<false> : tensor<i1>
  %on_true = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %on_false = stablehlo.constant dense<[3.0, 4.0]> : tensor<2xf32>
  %result = stablehlo.select %pred, %on_true, %on_false : (tensor<i1>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  check.expect_eq_const %result, dense<[3.0, 4.0]> : tensor<2xf32>
  func.return
}
