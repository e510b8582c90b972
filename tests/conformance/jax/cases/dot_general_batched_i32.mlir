module @jit_dot_general_batched_i32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x4x5xi32>, %arg1: tensor<2x5x3xi32>) -> (tensor<2x4x3xi32> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x4x5xi32>, tensor<2x5x3xi32>) -> tensor<2x4x3xi32>
    return %0 : tensor<2x4x3xi32>
  }
}
