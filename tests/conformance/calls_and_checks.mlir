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

// -----

// The layout JAX writes: a public @main that calls private @inputs and @expected and judges the
// result with a custom_call check.
module @jit_testcase attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main() -> (tensor<2x3xf32> {jax.result_info = "", mhlo.layout_mode = "default"}) {
    %0:2 = call @inputs() : () -> (tensor<2x3xf32>, tensor<2x3xf32>)
    %1 = call @expected() : () -> tensor<2x3xf32>
    %2 = stablehlo.multiply %0#0, %0#1 : tensor<2x3xf32>
    stablehlo.custom_call @check.expect_close(%2, %1) {has_side_effect = true} : (tensor<2x3xf32>, tensor<2x3xf32>) -> ()
    return %2 : tensor<2x3xf32>
  }
  func.func private @inputs() -> (tensor<2x3xf32> {mhlo.layout_mode = "default"}, tensor<2x3xf32> {mhlo.layout_mode = "default"}) {
    %cst = stablehlo.constant dense<[[1.5, -2.0, 3.0], [0.25, 8.0, -1.0]]> : tensor<2x3xf32>
    %cst_0 = stablehlo.constant dense<"0x0000803F000000400000404000008040000000BF0000A040"> : tensor<2x3xf32>
    return %cst, %cst_0 : tensor<2x3xf32>, tensor<2x3xf32>
  }
  func.func private @expected() -> (tensor<2x3xf32> {mhlo.layout_mode = "default"}) {
    %cst = stablehlo.constant dense<[[1.500000e+00, -4.000000e+00, 9.000000e+00], [1.000000e+00, -4.000000e+00, -5.000000e+00]]> : tensor<2x3xf32>
    return %cst : tensor<2x3xf32>
  }
}

// -----

module @jit_custom_call_checks {
  func.func public @main() -> (tensor<i32> {jax.result_info = ""}) {
    %a = stablehlo.constant dense<[7, -3]> : tensor<2xi32>
    %b = stablehlo.constant dense<[7, -3]> : tensor<2xi32>
    stablehlo.custom_call @check.expect_eq(%a, %b) {has_side_effect = true} : (tensor<2xi32>, tensor<2xi32>) -> ()
    %x = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf64>
    %y = stablehlo.constant dense<[1.0005, 1.9995]> : tensor<2xf64>
    stablehlo.custom_call @check.expect_almost_eq(%x, %y) {has_side_effect = true} : (tensor<2xf64>, tensor<2xf64>) -> ()
    %p = stablehlo.constant dense<[true, false]> : tensor<2xi1>
    stablehlo.custom_call @check.expect_eq(%p, %p) {has_side_effect = true} : (tensor<2xi1>, tensor<2xi1>) -> ()
    %r = stablehlo.constant dense<0> : tensor<i32>
    return %r : tensor<i32>
  }
}

// -----

func.func @check_ops() {
  %i = stablehlo.constant dense<[-2, 0, 2]> : tensor<3xi64>
  %j = stablehlo.constant dense<[-2, 0, 2]> : tensor<3xi64>
  check.expect_eq %i, %j : tensor<3xi64>
  check.expect_eq_const %i, dense<[-2, 0, 2]> : tensor<3xi64>
  %f = stablehlo.constant dense<5.0> : tensor<f64>
  %g = stablehlo.constant dense<5.00005> : tensor<f64>
  check.expect_almost_eq %f, %g : tensor<f64>
  check.expect_almost_eq_const %f, dense<5.00005> : tensor<f64>
  check.expect_almost_eq %f, %g, tolerance = 1.000000e-01 : tensor<f64>
  check.expect_almost_eq_const %f, dense<5.05> : tensor<f64> {tolerance = 1.000000e-01 : f64}
  %one = stablehlo.constant dense<1.0> : tensor<f32>
  %next = stablehlo.constant dense<"0x0200803F"> : tensor<f32>
  check.expect_close %one, %next, max_ulp_difference = 2 : tensor<f32>, tensor<f32>
  check.expect_close %one, %next, max_ulp_difference = 3, min_ulp_difference = 2 : tensor<f32>, tensor<f32>
  func.return
}

// -----

// Every op of the chain in the generic form, with attributes as properties (`<{...}>`) or as a
// dictionary (`{...}`).
func.func @generic_form(%unused: tensor<i1>) -> tensor<2xf32> {
  %0 = "stablehlo.constant"() <{value = dense<[[1.0, -2.0, 3.0], [4.0, 5.0, -6.0]]> : tensor<2x3xf32>}> : () -> tensor<2x3xf32>
  %1 = "stablehlo.abs"(%0) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = "stablehlo.transpose"(%1) <{permutation = array<i64: 1, 0>}> : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %3 = "stablehlo.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %4 = "stablehlo.reduce"(%2, %3) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = "stablehlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%s) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<3x2xf32>, tensor<f32>) -> tensor<2xf32>
  %5 = "stablehlo.compare"(%4, %4) {comparison_direction = #stablehlo<comparison_direction EQ>, compare_type = #stablehlo<comparison_type FLOAT>} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  %6 = "stablehlo.broadcast_in_dim"(%3) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2xf32>
  %7 = "stablehlo.select"(%5, %4, %6) : (tensor<2xi1>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  "func.return"(%7) : (tensor<2xf32>) -> ()
}
func.func @main() {
  %t = stablehlo.constant dense<true> : tensor<i1>
  %r = "func.call"(%t) {callee = @generic_form} : (tensor<i1>) -> tensor<2xf32>
  "check.expect_eq_const"(%r) {value = dense<[6.0, 15.0]> : tensor<2xf32>} : (tensor<2xf32>) -> ()
  "func.return"() : () -> ()
}
