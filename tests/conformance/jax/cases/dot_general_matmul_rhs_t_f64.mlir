module @jit_dot_general_matmul_rhs_t_f64 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x5xf64>, %arg1: tensor<3x5xf64>) -> (tensor<4x3xf64> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x5xf64>, tensor<3x5xf64>) -> tensor<4x3xf64>
    return %0 : tensor<4x3xf64>
  }
}
