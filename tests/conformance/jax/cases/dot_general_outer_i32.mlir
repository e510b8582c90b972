module @jit_dot_general_outer_i32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3xi32>, %arg1: tensor<4xi32>) -> (tensor<3x4xi32> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [] x [], precision = [DEFAULT, DEFAULT] : (tensor<3xi32>, tensor<4xi32>) -> tensor<3x4xi32>
    return %0 : tensor<3x4xi32>
  }
}
