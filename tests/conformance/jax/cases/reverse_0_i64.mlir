module @jit_reverse_0_i64 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5xi64>) -> (tensor<5xi64> {jax.result_info = "result"}) {
    %0 = stablehlo.reverse %arg0, dims = [0] : tensor<5xi64>
    return %0 : tensor<5xi64>
  }
}
