module @jit_reduce_window_add_f64_all_f64 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x6x5xf64>) -> (tensor<2x3x10xf64> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<f64>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1, 1, 2>, padding = dense<[[0, 0], [1, 1], [0, 2]]> : tensor<3x2xi64>, window_dilations = array<i64: 1, 2, 1>, window_dimensions = array<i64: 1, 2, 2>, window_strides = array<i64: 1, 2, 1>}> ({
    ^bb0(%arg1: tensor<f64>, %arg2: tensor<f64>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<f64>
      stablehlo.return %2 : tensor<f64>
    }) : (tensor<2x6x5xf64>, tensor<f64>) -> tensor<2x3x10xf64>
    return %1 : tensor<2x3x10xf64>
  }
}
