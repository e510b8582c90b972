module @jit_const_only_f64_special attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main() -> (tensor<8xf64> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<[0.000000e+00, -0.000000e+00, 0x7FF0000000000000, 0xFFF0000000000000, 1.7976931348623157E+308, 4.940660e-324, 1.000000e-01, 0.33333333333333331]> : tensor<8xf64>
    return %cst : tensor<8xf64>
  }
}
