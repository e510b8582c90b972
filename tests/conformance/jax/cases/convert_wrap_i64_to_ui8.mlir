module @jit_convert_wrap_i64_to_ui8 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x4xi64>) -> (tensor<3x4xui8> {jax.result_info = "result"}) {
    %0 = stablehlo.convert %arg0 : (tensor<3x4xi64>) -> tensor<3x4xui8>
    return %0 : tensor<3x4xui8>
  }
}
