module @jit_reshape_2_i64 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x6xi64>) -> (tensor<2x2x2x3xi64> {jax.result_info = "result"}) {
    %0 = stablehlo.reshape %arg0 : (tensor<4x6xi64>) -> tensor<2x2x2x3xi64>
    return %0 : tensor<2x2x2x3xi64>
  }
}
