module @jit_multiply_i64_scalar attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<i64>, %arg1: tensor<i64>) -> (tensor<i64> {jax.result_info = "result"}) {
    %0 = stablehlo.multiply %arg0, %arg1 : tensor<i64>
    return %0 : tensor<i64>
  }
}
