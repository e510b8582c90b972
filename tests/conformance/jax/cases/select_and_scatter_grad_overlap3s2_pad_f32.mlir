module @jit_select_and_scatter_grad_overlap3s2_pad_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x2x7x7xf32>, %arg1: tensor<2x2x4x4xf32>) -> (tensor<2x2x7x7xf32> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<f32>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<[[0, 0], [0, 0], [1, 1], [1, 1]]> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 1, 3, 3>, window_strides = array<i64: 1, 1, 2, 2>}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %9 = stablehlo.maximum %arg2, %arg3 : tensor<f32>
      stablehlo.return %9 : tensor<f32>
    }) : (tensor<2x2x7x7xf32>, tensor<f32>) -> tensor<2x2x4x4xf32>
    %2 = stablehlo.multiply %1, %arg1 : tensor<2x2x4x4xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.reduce(%2 init: %cst_0) applies stablehlo.add across dimensions = [0, 1, 2, 3] : (tensor<2x2x4x4xf32>, tensor<f32>) -> tensor<f32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x2x4x4xf32>
    %5 = stablehlo.multiply %4, %arg1 : tensor<2x2x4x4xf32>
    %cst_2 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %6 = stablehlo.pad %arg0, %cst_2, low = [0, 0, 1, 1], high = [0, 0, 1, 1], interior = [0, 0, 0, 0] : (tensor<2x2x7x7xf32>, tensor<f32>) -> tensor<2x2x9x9xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = "stablehlo.select_and_scatter"(%6, %5, %cst_3) <{padding = dense<0> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 1, 3, 3>, window_strides = array<i64: 1, 1, 2, 2>}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %9 = stablehlo.compare GE, %arg2, %arg3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %9 : tensor<i1>
    }, {
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %9 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %9 : tensor<f32>
    }) : (tensor<2x2x9x9xf32>, tensor<2x2x4x4xf32>, tensor<f32>) -> tensor<2x2x9x9xf32>
    %8 = stablehlo.slice %7 [0:2, 0:2, 1:8, 1:8] : (tensor<2x2x9x9xf32>) -> tensor<2x2x7x7xf32>
    return %8 : tensor<2x2x7x7xf32>
  }
}
