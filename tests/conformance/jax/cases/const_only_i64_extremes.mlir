module @jit_const_only_i64_extremes attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main() -> (tensor<5xi64> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<[-9223372036854775808, -1, 0, 1, 9223372036854775807]> : tensor<5xi64>
    return %c : tensor<5xi64>
  }
}
