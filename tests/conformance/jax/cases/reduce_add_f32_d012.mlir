module @jit_reduce_add_f32_d012 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x4x5xf32>) -> (tensor<f32> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<3x4x5xf32>, tensor<f32>) -> tensor<f32>
    return %0 : tensor<f32>
  }
}
