module @jit_sign_zero_f64 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8xf64>) -> (tensor<8xf64> {jax.result_info = "result"}) {
    %0 = stablehlo.sign %arg0 : tensor<8xf64>
    return %0 : tensor<8xf64>
  }
}
