module @jit_dynamic_slice_5_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6x8xf32>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> (tensor<3x4xf32> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.compare LT, %arg1, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<6> : tensor<i32>
    %1 = stablehlo.add %arg1, %c_0 : tensor<i32>
    %2 = stablehlo.select %0, %1, %arg1 : tensor<i1>, tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %3 = stablehlo.compare LT, %arg2, %c_1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_2 = stablehlo.constant dense<8> : tensor<i32>
    %4 = stablehlo.add %arg2, %c_2 : tensor<i32>
    %5 = stablehlo.select %3, %4, %arg2 : tensor<i1>, tensor<i32>
    %6 = stablehlo.dynamic_slice %arg0, %2, %5, sizes = [3, 4] : (tensor<6x8xf32>, tensor<i32>, tensor<i32>) -> tensor<3x4xf32>
    return %6 : tensor<3x4xf32>
  }
}
