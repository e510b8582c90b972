module @jit_compare_ne_f32_special attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6xf32>, %arg1: tensor<6xf32>) -> (tensor<6xi1> {jax.result_info = "result"}) {
    %0 = stablehlo.compare NE, %arg0, %arg1, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
    return %0 : tensor<6xi1>
  }
}
