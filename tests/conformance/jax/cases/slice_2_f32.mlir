module @jit_slice_2_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x5x6xf32>) -> (tensor<2x3x2xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.slice %arg0 [1:3, 0:5:2, 2:6:3] : (tensor<4x5x6xf32>) -> tensor<2x3x2xf32>
    return %0 : tensor<2x3x2xf32>
  }
}
