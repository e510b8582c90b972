module @jit_reduce_window_min_f64_f64 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6x6xf64>) -> (tensor<6x6xf64> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<0x7FF0000000000000> : tensor<f64>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<f64>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1, 1>, padding = dense<1> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 3, 3>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg1: tensor<f64>, %arg2: tensor<f64>):
      %2 = stablehlo.minimum %arg1, %arg2 : tensor<f64>
      stablehlo.return %2 : tensor<f64>
    }) : (tensor<6x6xf64>, tensor<f64>) -> tensor<6x6xf64>
    return %1 : tensor<6x6xf64>
  }
}
