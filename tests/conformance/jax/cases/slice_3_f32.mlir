module @jit_slice_3_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<10xf32>) -> (tensor<1xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.slice %arg0 [9:10] : (tensor<10xf32>) -> tensor<1xf32>
    return %0 : tensor<1xf32>
  }
}
