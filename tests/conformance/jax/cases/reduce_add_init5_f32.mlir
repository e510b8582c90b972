module @jit_reduce_add_init5_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x4xf32>) -> (tensor<3xf32> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<5.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<3x4xf32>, tensor<f32>) -> tensor<3xf32>
    return %0 : tensor<3xf32>
  }
}
