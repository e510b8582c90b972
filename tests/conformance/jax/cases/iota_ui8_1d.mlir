module @jit_iota_ui8_1d attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main() -> (tensor<5xui8> {jax.result_info = "result"}) {
    %0 = stablehlo.iota dim = 0 : tensor<5xui8>
    return %0 : tensor<5xui8>
  }
}
