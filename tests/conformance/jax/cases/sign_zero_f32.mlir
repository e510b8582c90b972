module @jit_sign_zero_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8xf32>) -> (tensor<8xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.sign %arg0 : tensor<8xf32>
    return %0 : tensor<8xf32>
  }
}
