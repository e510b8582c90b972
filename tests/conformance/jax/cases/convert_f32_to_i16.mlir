module @jit_convert_f32_to_i16 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x4xf32>) -> (tensor<3x4xi16> {jax.result_info = "result"}) {
    %0 = stablehlo.convert %arg0 : (tensor<3x4xf32>) -> tensor<3x4xi16>
    return %0 : tensor<3x4xi16>
  }
}
