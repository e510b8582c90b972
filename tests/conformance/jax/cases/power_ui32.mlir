module @jit_power_ui32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x4xui32>, %arg1: tensor<3x4xui32>) -> (tensor<3x4xui32> {jax.result_info = "result"}) {
    %0 = stablehlo.power %arg0, %arg1 : tensor<3x4xui32>
    return %0 : tensor<3x4xui32>
  }
}
