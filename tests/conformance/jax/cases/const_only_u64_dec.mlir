module @jit_const_only_u64_dec attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main() -> (tensor<5xui64> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<[0, 1, 9223372036854775808, 18446744073709551615, 12345678901234567890]> : tensor<5xui64>
    return %c : tensor<5xui64>
  }
}
