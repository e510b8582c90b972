module @jit_concatenate_d0_i1 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x3xi1>, %arg1: tensor<1x3xi1>, %arg2: tensor<4x3xi1>) -> (tensor<7x3xi1> {jax.result_info = "result"}) {
    %0 = stablehlo.concatenate %arg0, %arg1, %arg2, dim = 0 : (tensor<2x3xi1>, tensor<1x3xi1>, tensor<4x3xi1>) -> tensor<7x3xi1>
    return %0 : tensor<7x3xi1>
  }
}
