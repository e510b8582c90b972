module @jit_convert_i32_to_i1 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x4xi32>) -> (tensor<3x4xi1> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<3x4xi32>
    %1 = stablehlo.compare NE, %arg0, %0, SIGNED : (tensor<3x4xi32>, tensor<3x4xi32>) -> tensor<3x4xi1>
    %2 = stablehlo.convert %1 : tensor<3x4xi1>
    return %2 : tensor<3x4xi1>
  }
}
