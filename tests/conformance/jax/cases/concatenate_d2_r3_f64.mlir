module @jit_concatenate_d2_r3_f64 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x2x1xf64>, %arg1: tensor<2x2x2xf64>, %arg2: tensor<2x2x3xf64>) -> (tensor<2x2x6xf64> {jax.result_info = "result"}) {
    %0 = stablehlo.concatenate %arg0, %arg1, %arg2, dim = 2 : (tensor<2x2x1xf64>, tensor<2x2x2xf64>, tensor<2x2x3xf64>) -> tensor<2x2x6xf64>
    return %0 : tensor<2x2x6xf64>
  }
}
