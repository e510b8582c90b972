module @jit_power_i64 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x4xi64>, %arg1: tensor<3x4xi64>) -> (tensor<3x4xi64> {jax.result_info = "result"}) {
    %0 = stablehlo.power %arg0, %arg1 : tensor<3x4xi64>
    return %0 : tensor<3x4xi64>
  }
}
