module @jit_const_only_f32_nan attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main() -> (tensor<3xf32> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<[0x7FC00000, 1.000000e+00, 0xFFC00000]> : tensor<3xf32>
    return %cst : tensor<3xf32>
  }
}
