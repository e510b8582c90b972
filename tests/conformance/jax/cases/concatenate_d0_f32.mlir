module @jit_concatenate_d0_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x3xf32>, %arg1: tensor<1x3xf32>, %arg2: tensor<4x3xf32>) -> (tensor<7x3xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.concatenate %arg0, %arg1, %arg2, dim = 0 : (tensor<2x3xf32>, tensor<1x3xf32>, tensor<4x3xf32>) -> tensor<7x3xf32>
    return %0 : tensor<7x3xf32>
  }
}
