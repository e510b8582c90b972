// stablehlo.select (tensor and scalar predicates) and stablehlo.clamp (scalar and full-shape
// bounds) on every element type.

func.func @select_i1() {
  %pred = stablehlo.constant dense<[true, false, true, false]> : tensor<4xi1>
  %on_true = stablehlo.constant dense<[true, true, false, false]> : tensor<4xi1>
  %on_false = stablehlo.constant dense<[false, false, true, true]> : tensor<4xi1>
  %result = stablehlo.select %pred, %on_true, %on_false : tensor<4xi1>, tensor<4xi1>
  check.expect_eq_const %result, dense<[true, false, false, true]> : tensor<4xi1>
  func.return
}
