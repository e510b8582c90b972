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
