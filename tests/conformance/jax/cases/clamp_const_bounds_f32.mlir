module @jit_clamp_const_bounds_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x4xf32>) -> (tensor<3x4xf32> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %cst_0 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
    %2 = stablehlo.clamp %0, %arg0, %1 : tensor<3x4xf32>
    return %2 : tensor<3x4xf32>
  }
}
