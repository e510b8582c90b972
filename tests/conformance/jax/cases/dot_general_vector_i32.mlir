module @jit_dot_general_vector_i32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<7xi32>, %arg1: tensor<7xi32>) -> (tensor<i32> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<7xi32>, tensor<7xi32>) -> tensor<i32>
    return %0 : tensor<i32>
  }
}
