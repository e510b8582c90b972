module @jit_subtract_f64 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x4xf64>, %arg1: tensor<3x4xf64>) -> (tensor<3x4xf64> {jax.result_info = "result"}) {
    %0 = stablehlo.subtract %arg0, %arg1 : tensor<3x4xf64>
    return %0 : tensor<3x4xf64>
  }
}
