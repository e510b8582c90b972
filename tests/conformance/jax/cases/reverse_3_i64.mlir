module @jit_reverse_3_i64 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x3x4xi64>) -> (tensor<2x3x4xi64> {jax.result_info = "result"}) {
    %0 = stablehlo.reverse %arg0, dims = [0, 2] : tensor<2x3x4xi64>
    return %0 : tensor<2x3x4xi64>
  }
}
