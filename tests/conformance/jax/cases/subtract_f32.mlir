module @jit_subtract_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x4xf32>, %arg1: tensor<3x4xf32>) -> (tensor<3x4xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.subtract %arg0, %arg1 : tensor<3x4xf32>
    return %0 : tensor<3x4xf32>
  }
}
