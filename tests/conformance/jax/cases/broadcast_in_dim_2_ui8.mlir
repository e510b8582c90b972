module @jit_broadcast_in_dim_2_ui8 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<1x3xui8>) -> (tensor<4x3xui8> {jax.result_info = "result"}) {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [0, 1] : (tensor<1x3xui8>) -> tensor<4x3xui8>
    return %0 : tensor<4x3xui8>
  }
}
