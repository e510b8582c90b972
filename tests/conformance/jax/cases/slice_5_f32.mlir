module @jit_slice_5_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x4xf32>) -> (tensor<2x2xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.slice %arg0 [2:4, 1:3] : (tensor<4x4xf32>) -> tensor<2x2xf32>
    return %0 : tensor<2x2xf32>
  }
}
