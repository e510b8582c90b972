module @jit_dynamic_slice_idx_ui32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5x5x4xf32>, %arg1: tensor<ui32>, %arg2: tensor<ui32>, %arg3: tensor<ui32>) -> (tensor<2x3x4xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %arg2, %arg3, sizes = [2, 3, 4] : (tensor<5x5x4xf32>, tensor<ui32>, tensor<ui32>, tensor<ui32>) -> tensor<2x3x4xf32>
    return %0 : tensor<2x3x4xf32>
  }
}
