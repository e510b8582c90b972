module @jit_slice_2_i8 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x5x6xi8>) -> (tensor<2x3x2xi8> {jax.result_info = "result"}) {
    %0 = stablehlo.slice %arg0 [1:3, 0:5:2, 2:6:3] : (tensor<4x5x6xi8>) -> tensor<2x3x2xi8>
    return %0 : tensor<2x3x2xi8>
  }
}
