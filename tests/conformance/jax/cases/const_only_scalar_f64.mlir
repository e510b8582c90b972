module @jit_const_only_scalar_f64 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main() -> (tensor<f64> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<2.7182818284590451> : tensor<f64>
    return %cst : tensor<f64>
  }
}
