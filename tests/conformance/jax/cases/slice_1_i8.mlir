module @jit_slice_1_i8 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6x8xi8>) -> (tensor<6x8xi8> {jax.result_info = "result"}) {
    %0 = stablehlo.slice %arg0 [0:6, 0:8] : (tensor<6x8xi8>) -> tensor<6x8xi8>
    return %0 : tensor<6x8xi8>
  }
}
