module @jit_select_and_scatter_grad_2d_f64 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5x6xf64>, %arg1: tensor<4x2xf64>) -> (tensor<5x6xf64> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<0xFFF0000000000000> : tensor<f64>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<f64>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 2, 3>, window_strides = array<i64: 1, 2>}> ({
    ^bb0(%arg2: tensor<f64>, %arg3: tensor<f64>):
      %9 = stablehlo.maximum %arg2, %arg3 : tensor<f64>
      stablehlo.return %9 : tensor<f64>
    }) : (tensor<5x6xf64>, tensor<f64>) -> tensor<4x2xf64>
    %2 = stablehlo.multiply %1, %arg1 : tensor<4x2xf64>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %3 = stablehlo.reduce(%2 init: %cst_0) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x2xf64>, tensor<f64>) -> tensor<f64>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f64>
    %4 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f64>) -> tensor<4x2xf64>
    %5 = stablehlo.multiply %4, %arg1 : tensor<4x2xf64>
    %cst_2 = stablehlo.constant dense<0xFFF0000000000000> : tensor<f64>
    %6 = stablehlo.pad %arg0, %cst_2, low = [0, 0], high = [0, 0], interior = [0, 0] : (tensor<5x6xf64>, tensor<f64>) -> tensor<5x6xf64>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %7 = "stablehlo.select_and_scatter"(%6, %5, %cst_3) <{padding = dense<0> : tensor<2x2xi64>, window_dimensions = array<i64: 2, 3>, window_strides = array<i64: 1, 2>}> ({
    ^bb0(%arg2: tensor<f64>, %arg3: tensor<f64>):
      %9 = stablehlo.compare GE, %arg2, %arg3, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
      stablehlo.return %9 : tensor<i1>
    }, {
    ^bb0(%arg2: tensor<f64>, %arg3: tensor<f64>):
      %9 = stablehlo.add %arg2, %arg3 : tensor<f64>
      stablehlo.return %9 : tensor<f64>
    }) : (tensor<5x6xf64>, tensor<4x2xf64>, tensor<f64>) -> tensor<5x6xf64>
    %8 = stablehlo.slice %7 [0:5, 0:6] : (tensor<5x6xf64>) -> tensor<5x6xf64>
    return %8 : tensor<5x6xf64>
  }
}
