module @jit_reduce_min_f32_d0 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x5xf32>) -> (tensor<5xf32> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.minimum across dimensions = [0] : (tensor<4x5xf32>, tensor<f32>) -> tensor<5xf32>
    return %0 : tensor<5xf32>
  }
}
