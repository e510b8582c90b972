module @jit_dynamic_slice_idx_i64 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5x5x4xf32>, %arg1: tensor<i64>, %arg2: tensor<i64>, %arg3: tensor<i64>) -> (tensor<2x3x4xf32> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<0> : tensor<i64>
    %0 = stablehlo.compare LT, %arg1, %c, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<5> : tensor<i64>
    %1 = stablehlo.add %arg1, %c_0 : tensor<i64>
    %2 = stablehlo.select %0, %1, %arg1 : tensor<i1>, tensor<i64>
    %c_1 = stablehlo.constant dense<0> : tensor<i64>
    %3 = stablehlo.compare LT, %arg2, %c_1, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %c_2 = stablehlo.constant dense<5> : tensor<i64>
    %4 = stablehlo.add %arg2, %c_2 : tensor<i64>
    %5 = stablehlo.select %3, %4, %arg2 : tensor<i1>, tensor<i64>
    %c_3 = stablehlo.constant dense<0> : tensor<i64>
    %6 = stablehlo.compare LT, %arg3, %c_3, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %c_4 = stablehlo.constant dense<4> : tensor<i64>
    %7 = stablehlo.add %arg3, %c_4 : tensor<i64>
    %8 = stablehlo.select %6, %7, %arg3 : tensor<i1>, tensor<i64>
    %9 = stablehlo.dynamic_slice %arg0, %2, %5, %8, sizes = [2, 3, 4] : (tensor<5x5x4xf32>, tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<2x3x4xf32>
    return %9 : tensor<2x3x4xf32>
  }
}
