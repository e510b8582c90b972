module @jit_const_prim_f32_splat attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main() -> (tensor<6x6xf32> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<2.500000e+00> : tensor<6x6xf32>
    return %cst : tensor<6x6xf32>
  }
}
