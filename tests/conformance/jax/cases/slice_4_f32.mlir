module @jit_slice_4_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<7xf32>) -> (tensor<3xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.slice %arg0 [0:7:3] : (tensor<7xf32>) -> tensor<3xf32>
    return %0 : tensor<3xf32>
  }
}
