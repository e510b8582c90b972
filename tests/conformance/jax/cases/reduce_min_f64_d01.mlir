module @jit_reduce_min_f64_d01 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x5xf64>) -> (tensor<f64> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<0x7FF0000000000000> : tensor<f64>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.minimum across dimensions = [0, 1] : (tensor<4x5xf64>, tensor<f64>) -> tensor<f64>
    return %0 : tensor<f64>
  }
}
