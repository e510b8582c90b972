module @jit_const_only_f32_special attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main() -> (tensor<10xf32> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<[0.000000e+00, -0.000000e+00, 1.000000e+00, -1.500000e+00, 0x7F800000, 0xFF800000, 3.40282347E+38, 1.17549435E-38, 1.401300e-45, 3.14159274]> : tensor<10xf32>
    return %cst : tensor<10xf32>
  }
}
