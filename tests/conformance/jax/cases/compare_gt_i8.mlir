module @jit_compare_gt_i8 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x4xi8>, %arg1: tensor<3x4xi8>) -> (tensor<3x4xi1> {jax.result_info = "result"}) {
    %0 = stablehlo.compare GT, %arg0, %arg1, SIGNED : (tensor<3x4xi8>, tensor<3x4xi8>) -> tensor<3x4xi1>
    return %0 : tensor<3x4xi1>
  }
}
