module @jit_transpose_0_ui16 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x4xui16>) -> (tensor<4x3xui16> {jax.result_info = "result"}) {
    %0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<3x4xui16>) -> tensor<4x3xui16>
    return %0 : tensor<4x3xui16>
  }
}
