module @jit_reduce_mul_i32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x4xi32>) -> (tensor<3xi32> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.reduce(%arg0 init: %c) applies stablehlo.multiply across dimensions = [1] : (tensor<3x4xi32>, tensor<i32>) -> tensor<3xi32>
    return %0 : tensor<3xi32>
  }
}
