module @jit_reduce_add_i64_d02 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x4x5xi64>) -> (tensor<4xi64> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<0> : tensor<i64>
    %0 = stablehlo.reduce(%arg0 init: %c) applies stablehlo.add across dimensions = [0, 2] : (tensor<3x4x5xi64>, tensor<i64>) -> tensor<4xi64>
    return %0 : tensor<4xi64>
  }
}
