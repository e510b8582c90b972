module @jit_iota_plus_input_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x5xf32>) -> (tensor<4x5xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.iota dim = 0 : tensor<4x5xf32>
    %cst = stablehlo.constant dense<1.000000e+01> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x5xf32>
    %2 = stablehlo.multiply %0, %1 : tensor<4x5xf32>
    %3 = stablehlo.add %arg0, %2 : tensor<4x5xf32>
    return %3 : tensor<4x5xf32>
  }
}
