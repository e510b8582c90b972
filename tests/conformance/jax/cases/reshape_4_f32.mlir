module @jit_reshape_4_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<f32>) -> (tensor<1x1x1xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.reshape %arg0 : (tensor<f32>) -> tensor<1x1x1xf32>
    return %0 : tensor<1x1x1xf32>
  }
}
