module @jit_compare_lt_i1 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x4xi1>, %arg1: tensor<3x4xi1>) -> (tensor<3x4xi1> {jax.result_info = "result"}) {
    %0 = stablehlo.compare LT, %arg0, %arg1, UNSIGNED : (tensor<3x4xi1>, tensor<3x4xi1>) -> tensor<3x4xi1>
    return %0 : tensor<3x4xi1>
  }
}
