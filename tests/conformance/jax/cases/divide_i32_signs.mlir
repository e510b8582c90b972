module @jit_divide_i32_signs attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<12xi32>, %arg1: tensor<12xi32>) -> (tensor<12xi32> {jax.result_info = "result"}) {
    %0 = stablehlo.divide %arg0, %arg1 : tensor<12xi32>
    return %0 : tensor<12xi32>
  }
}
