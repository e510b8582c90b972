module @jit_compare_lt_i32_scalar attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<i32>, %arg1: tensor<i32>) -> (tensor<i1> {jax.result_info = "result"}) {
    %0 = stablehlo.compare LT, %arg0, %arg1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    return %0 : tensor<i1>
  }
}
