// stablehlo.reduce on every element type (compact `applies` form, region form, all dimensions),
// and variadic reduces: the `reducer` form JAX prints for argmax and the generic form.

func.func @reduce_i1() {
  %x = stablehlo.constant dense<[[false, true, false], [false, true, false]]> : tensor<2x3xi1>
  %init = stablehlo.constant dense<false> : tensor<i1>
  %low = stablehlo.constant dense<false> : tensor<i1>
  %r1 = stablehlo.reduce(%x init: %init) applies stablehlo.or across dimensions = [1] : (tensor<2x3xi1>, tensor<i1>) -> tensor<2xi1>
  check.expect_eq_const %r1, dense<true> : tensor<2xi1>
  %r0 = stablehlo.reduce(%x init: %init) applies stablehlo.or across dimensions = [0] : (tensor<2x3xi1>, tensor<i1>) -> tensor<3xi1>
  check.expect_eq_const %r0, dense<[false, true, false]> : tensor<3xi1>
  %all = "stablehlo.reduce"(%x, %init) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%a: tensor<i1>, %b: tensor<i1>):
    %s = stablehlo.or %a, %b : tensor<i1>
    stablehlo.return %s : tensor<i1>
  }) : (tensor<2x3xi1>, tensor<i1>) -> tensor<i1>
  check.expect_eq_const %all, dense<true> : tensor<i1>
  %mx = stablehlo.reduce(%x init: %low) applies stablehlo.maximum across dimensions = [1] : (tensor<2x3xi1>, tensor<i1>) -> tensor<2xi1>
  check.expect_eq_const %mx, dense<true> : tensor<2xi1>
  func.return
}
