module @jit_reduce_min_i32_d0 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x5xi32>) -> (tensor<5xi32> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<2147483647> : tensor<i32>
    %0 = stablehlo.reduce(%arg0 init: %c) applies stablehlo.minimum across dimensions = [0] : (tensor<4x5xi32>, tensor<i32>) -> tensor<5xi32>
    return %0 : tensor<5xi32>
  }
}
