module @jit_dot_general_batch_mid_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x2x5xf32>, %arg1: tensor<5x2x3xf32>) -> (tensor<2x4x3xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [1] x [1], contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x2x5xf32>, tensor<5x2x3xf32>) -> tensor<2x4x3xf32>
    return %0 : tensor<2x4x3xf32>
  }
}
