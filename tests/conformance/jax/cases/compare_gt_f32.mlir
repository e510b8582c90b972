module @jit_compare_gt_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x4xf32>, %arg1: tensor<3x4xf32>) -> (tensor<3x4xi1> {jax.result_info = "result"}) {
    %0 = stablehlo.compare GT, %arg0, %arg1, FLOAT : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xi1>
    return %0 : tensor<3x4xi1>
  }
}
