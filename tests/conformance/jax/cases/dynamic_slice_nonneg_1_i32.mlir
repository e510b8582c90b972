module @jit_dynamic_slice_nonneg_1_i32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6x8xi32>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> (tensor<3x4xi32> {jax.result_info = "result"}) {
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %arg2, sizes = [3, 4] : (tensor<6x8xi32>, tensor<i32>, tensor<i32>) -> tensor<3x4xi32>
    return %0 : tensor<3x4xi32>
  }
}
