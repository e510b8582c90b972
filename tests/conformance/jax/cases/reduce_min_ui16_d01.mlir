module @jit_reduce_min_ui16_d01 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x5xui16>) -> (tensor<ui16> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<65535> : tensor<ui16>
    %0 = stablehlo.reduce(%arg0 init: %c) applies stablehlo.minimum across dimensions = [0, 1] : (tensor<4x5xui16>, tensor<ui16>) -> tensor<ui16>
    return %0 : tensor<ui16>
  }
}
