module @jit_const_capture_u64_dec attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5xui64>) -> (tensor<5xui64> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<[0, 1, 9223372036854775808, 18446744073709551615, 12345678901234567890]> : tensor<5xui64>
    %0 = stablehlo.xor %arg0, %c : tensor<5xui64>
    return %0 : tensor<5xui64>
  }
}
