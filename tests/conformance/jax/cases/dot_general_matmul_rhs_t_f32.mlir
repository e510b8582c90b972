module @jit_dot_general_matmul_rhs_t_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x5xf32>, %arg1: tensor<3x5xf32>) -> (tensor<4x3xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x5xf32>, tensor<3x5xf32>) -> tensor<4x3xf32>
    return %0 : tensor<4x3xf32>
  }
}
