module @jit_reduce_min_i8_d0 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x5xi8>) -> (tensor<5xi8> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<127> : tensor<i8>
    %0 = stablehlo.reduce(%arg0 init: %c) applies stablehlo.minimum across dimensions = [0] : (tensor<4x5xi8>, tensor<i8>) -> tensor<5xi8>
    return %0 : tensor<5xi8>
  }
}
