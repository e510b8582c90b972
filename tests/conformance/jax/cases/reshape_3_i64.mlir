module @jit_reshape_3_i64 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<1x1xi64>) -> (tensor<i64> {jax.result_info = "result"}) {
    %0 = stablehlo.reshape %arg0 : (tensor<1x1xi64>) -> tensor<i64>
    return %0 : tensor<i64>
  }
}
