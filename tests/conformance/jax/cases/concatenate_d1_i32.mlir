module @jit_concatenate_d1_i32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x1xi32>, %arg1: tensor<2x3xi32>, %arg2: tensor<2x2xi32>) -> (tensor<2x6xi32> {jax.result_info = "result"}) {
    %0 = stablehlo.concatenate %arg0, %arg1, %arg2, dim = 1 : (tensor<2x1xi32>, tensor<2x3xi32>, tensor<2x2xi32>) -> tensor<2x6xi32>
    return %0 : tensor<2x6xi32>
  }
}
