// func.call, multi-result values, function argument/result attributes, module attributes, the
// generic op form, and every check convention (check.* ops and stablehlo.custom_call @check.*).

func.func @call_and_multi_result() {
  %a = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %b = stablehlo.constant dense<[10, 20, 30]> : tensor<3xi32>
  %r:2 = func.call @sum_and_difference(%a, %b) : (tensor<3xi32>, tensor<3xi32>) -> (tensor<3xi32>, tensor<3xi32>)
  check.expect_eq_const %r#0, dense<[11, 22, 33]> : tensor<3xi32>
  check.expect_eq_const %r#1, dense<[-9, -18, -27]> : tensor<3xi32>
  %twice = call @double(%r#0) : (tensor<3xi32>) -> tensor<3xi32>
  check.expect_eq_const %twice, dense<[22, 44, 66]> : tensor<3xi32>
  func.return
}
func.func private @sum_and_difference(%x: tensor<3xi32>, %y: tensor<3xi32>) -> (tensor<3xi32>, tensor<3xi32>) {
  %s = stablehlo.add %x, %y : tensor<3xi32>
  %d = stablehlo.subtract %x, %y : tensor<3xi32>
  return %s, %d : tensor<3xi32>, tensor<3xi32>
}
func.func private @double(%x: tensor<3xi32>) -> tensor<3xi32> {
  %r:2 = func.call @sum_and_difference(%x, %x) : (tensor<3xi32>, tensor<3xi32>) -> (tensor<3xi32>, tensor<3xi32>)
  func.return %r#0 : tensor<3xi32>
}
