module @jit_dot_general_batched_f64 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x4x5xf64>, %arg1: tensor<2x5x3xf64>) -> (tensor<2x4x3xf64> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x4x5xf64>, tensor<2x5x3xf64>) -> tensor<2x4x3xf64>
    return %0 : tensor<2x4x3xf64>
  }
}
