module @jit_multi_result_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x4xf32>, %arg1: tensor<3x4xf32>) -> (tensor<3x4xf32> {jax.result_info = "result[0]"}, tensor<3x4xf32> {jax.result_info = "result[1]"}, tensor<3x4xi1> {jax.result_info = "result[2]"}, tensor<3x4xi32> {jax.result_info = "result[3]"}) {
    %0 = stablehlo.add %arg0, %arg1 : tensor<3x4xf32>
    %1 = stablehlo.multiply %arg0, %arg1 : tensor<3x4xf32>
    %2 = stablehlo.compare GT, %arg0, %arg1, FLOAT : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xi1>
    %3 = stablehlo.convert %arg0 : (tensor<3x4xf32>) -> tensor<3x4xi32>
    return %0, %1, %2, %3 : tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xi1>, tensor<3x4xi32>
  }
}
