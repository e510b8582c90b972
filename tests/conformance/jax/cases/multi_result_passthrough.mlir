module @jit_multi_result_passthrough attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2xi64>, %arg1: tensor<3xi1>) -> (tensor<3xi1> {jax.result_info = "result[0]"}, tensor<2xi64> {jax.result_info = "result[1]"}) {
    return %arg1, %arg0 : tensor<3xi1>, tensor<2xi64>
  }
}
