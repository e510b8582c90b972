module @jit_call_two_levels_f64 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4xf64>) -> (tensor<4xf64> {jax.result_info = "result"}) {
    %0 = call @level1(%arg0) : (tensor<4xf64>) -> tensor<4xf64>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f64>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %2 = stablehlo.add %0, %1 : tensor<4xf64>
    return %2 : tensor<4xf64>
  }
  func.func private @level1(%arg0: tensor<4xf64>) -> tensor<4xf64> {
    %0 = call @level2(%arg0) : (tensor<4xf64>) -> tensor<4xf64>
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f64>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %2 = stablehlo.multiply %0, %1 : tensor<4xf64>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f64>
    %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %4 = stablehlo.add %arg0, %3 : tensor<4xf64>
    %5 = call @level2(%4) : (tensor<4xf64>) -> tensor<4xf64>
    %6 = stablehlo.add %2, %5 : tensor<4xf64>
    return %6 : tensor<4xf64>
  }
  func.func private @level2(%arg0: tensor<4xf64>) -> tensor<4xf64> {
    %0 = stablehlo.negate %arg0 : tensor<4xf64>
    return %0 : tensor<4xf64>
  }
}
