module @jit_const_only_ui16_extremes attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main() -> (tensor<5xui16> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<[0, 1, 32767, 32768, 65535]> : tensor<5xui16>
    return %c : tensor<5xui16>
  }
}
