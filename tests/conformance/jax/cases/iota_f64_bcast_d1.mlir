module @jit_iota_f64_bcast_d1 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main() -> (tensor<3x4xf64> {jax.result_info = "result"}) {
    %0 = stablehlo.iota dim = 1 : tensor<3x4xf64>
    return %0 : tensor<3x4xf64>
  }
}
