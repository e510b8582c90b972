module @jit_const_capture_f32_splat attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6x6xf32>) -> (tensor<6x6xf32> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<2.500000e+00> : tensor<6x6xf32>
    %0 = stablehlo.multiply %arg0, %cst : tensor<6x6xf32>
    return %0 : tensor<6x6xf32>
  }
}
