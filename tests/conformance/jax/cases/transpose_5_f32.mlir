module @jit_transpose_5_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x3x4xf32>) -> (tensor<2x3x4xf32> {jax.result_info = "result"}) {
    return %arg0 : tensor<2x3x4xf32>
  }
}
