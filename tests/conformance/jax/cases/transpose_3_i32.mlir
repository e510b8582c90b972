module @jit_transpose_3_i32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x3x4x5xi32>) -> (tensor<2x4x5x3xi32> {jax.result_info = "result"}) {
    %0 = stablehlo.transpose %arg0, dims = [0, 2, 3, 1] : (tensor<2x3x4x5xi32>) -> tensor<2x4x5x3xi32>
    return %0 : tensor<2x4x5x3xi32>
  }
}
