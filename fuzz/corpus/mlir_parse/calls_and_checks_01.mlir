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
