module @jit_call_multi_result_i32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x3xi32>) -> (tensor<2x3xi32> {jax.result_info = "result[0]"}, tensor<2x3xi32> {jax.result_info = "result[1]"}) {
    %0:2 = call @inner2(%arg0) : (tensor<2x3xi32>) -> (tensor<2x3xi32>, tensor<2x3xi32>)
    %1:2 = call @inner2(%0#1) : (tensor<2x3xi32>) -> (tensor<2x3xi32>, tensor<2x3xi32>)
    %2 = stablehlo.add %0#0, %1#0 : tensor<2x3xi32>
    return %2, %1#1 : tensor<2x3xi32>, tensor<2x3xi32>
  }
  func.func private @inner2(%arg0: tensor<2x3xi32>) -> (tensor<2x3xi32>, tensor<2x3xi32>) {
    %0 = stablehlo.add %arg0, %arg0 : tensor<2x3xi32>
    %1 = stablehlo.multiply %arg0, %arg0 : tensor<2x3xi32>
    return %0, %1 : tensor<2x3xi32>, tensor<2x3xi32>
  }
}
