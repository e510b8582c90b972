module @jit_reduce_variadic_minmax_i32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5x3xi32>) -> (tensor<3xi32> {jax.result_info = "result[0]"}, tensor<3xi32> {jax.result_info = "result[1]"}) {
    %c = stablehlo.constant dense<2147483647> : tensor<i32>
    %c_0 = stablehlo.constant dense<-2147483648> : tensor<i32>
    %0:2 = stablehlo.reduce(%arg0 init: %c), (%arg0 init: %c_0) across dimensions = [0] : (tensor<5x3xi32>, tensor<5x3xi32>, tensor<i32>, tensor<i32>) -> (tensor<3xi32>, tensor<3xi32>)
     reducer(%arg1: tensor<i32>, %arg3: tensor<i32>) (%arg2: tensor<i32>, %arg4: tensor<i32>)  {
      %1 = stablehlo.minimum %arg1, %arg3 : tensor<i32>
      %2 = stablehlo.maximum %arg2, %arg4 : tensor<i32>
      stablehlo.return %1, %2 : tensor<i32>, tensor<i32>
    }
    return %0#0, %0#1 : tensor<3xi32>, tensor<3xi32>
  }
}
