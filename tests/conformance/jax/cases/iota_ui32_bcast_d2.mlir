module @jit_iota_ui32_bcast_d2 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main() -> (tensor<2x3x4xui32> {jax.result_info = "result"}) {
    %0 = stablehlo.iota dim = 2 : tensor<2x3x4xui32>
    return %0 : tensor<2x3x4xui32>
  }
}
