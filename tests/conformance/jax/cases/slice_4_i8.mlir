module @jit_slice_4_i8 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<7xi8>) -> (tensor<3xi8> {jax.result_info = "result"}) {
    %0 = stablehlo.slice %arg0 [0:7:3] : (tensor<7xi8>) -> tensor<3xi8>
    return %0 : tensor<3xi8>
  }
}
