module @jit_reduce_max_i32_d01 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x5xi32>) -> (tensor<i32> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<-2147483648> : tensor<i32>
    %0 = stablehlo.reduce(%arg0 init: %c) applies stablehlo.maximum across dimensions = [0, 1] : (tensor<4x5xi32>, tensor<i32>) -> tensor<i32>
    return %0 : tensor<i32>
  }
}
