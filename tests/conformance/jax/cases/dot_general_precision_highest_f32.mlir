module @jit_dot_general_precision_highest_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x4xf32>, %arg1: tensor<4x2xf32>) -> (tensor<3x2xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<3x4xf32>, tensor<4x2xf32>) -> tensor<3x2xf32>
    return %0 : tensor<3x2xf32>
  }
}
