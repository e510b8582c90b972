module @jit_logistic_f64 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x4xf64>) -> (tensor<3x4xf64> {jax.result_info = "result"}) {
    %0 = stablehlo.negate %arg0 : tensor<3x4xf64>
    %1 = stablehlo.exponential %0 : tensor<3x4xf64>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f64>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<3x4xf64>
    %3 = stablehlo.add %2, %1 : tensor<3x4xf64>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f64>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f64>) -> tensor<3x4xf64>
    %5 = stablehlo.divide %4, %3 : tensor<3x4xf64>
    return %5 : tensor<3x4xf64>
  }
}
