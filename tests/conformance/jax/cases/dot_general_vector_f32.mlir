module @jit_dot_general_vector_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<7xf32>, %arg1: tensor<7xf32>) -> (tensor<f32> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<7xf32>, tensor<7xf32>) -> tensor<f32>
    return %0 : tensor<f32>
  }
}
