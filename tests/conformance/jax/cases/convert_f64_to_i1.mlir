module @jit_convert_f64_to_i1 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x4xf64>) -> (tensor<3x4xi1> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<3x4xf64>
    %1 = stablehlo.compare NE, %arg0, %0, FLOAT : (tensor<3x4xf64>, tensor<3x4xf64>) -> tensor<3x4xi1>
    %2 = stablehlo.convert %1 : tensor<3x4xi1>
    return %2 : tensor<3x4xi1>
  }
}
