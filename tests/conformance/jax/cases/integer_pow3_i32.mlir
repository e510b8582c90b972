module @jit_integer_pow3_i32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x4xi32>) -> (tensor<3x4xi32> {jax.result_info = "result"}) {
    %0 = stablehlo.multiply %arg0, %arg0 : tensor<3x4xi32>
    %1 = stablehlo.multiply %0, %arg0 : tensor<3x4xi32>
    return %1 : tensor<3x4xi32>
  }
}
