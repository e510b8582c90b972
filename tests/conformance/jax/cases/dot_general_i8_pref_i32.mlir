module @jit_dot_general_i8_pref_i32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x4xi8>, %arg1: tensor<4x2xi8>) -> (tensor<3x2xi32> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3x4xi8>, tensor<4x2xi8>) -> tensor<3x2xi32>
    return %0 : tensor<3x2xi32>
  }
}
