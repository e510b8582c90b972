module @jit_reduce_max_i8_d01 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x5xi8>) -> (tensor<i8> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<-128> : tensor<i8>
    %0 = stablehlo.reduce(%arg0 init: %c) applies stablehlo.maximum across dimensions = [0, 1] : (tensor<4x5xi8>, tensor<i8>) -> tensor<i8>
    return %0 : tensor<i8>
  }
}
