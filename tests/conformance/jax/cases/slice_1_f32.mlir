module @jit_slice_1_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6x8xf32>) -> (tensor<6x8xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.slice %arg0 [0:6, 0:8] : (tensor<6x8xf32>) -> tensor<6x8xf32>
    return %0 : tensor<6x8xf32>
  }
}
