module @jit_iota_i16_bcast_d1_r3 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main() -> (tensor<2x3x4xi16> {jax.result_info = "result"}) {
    %0 = stablehlo.iota dim = 1 : tensor<2x3x4xi16>
    return %0 : tensor<2x3x4xi16>
  }
}
