module @jit_convert_i16_to_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x4xi16>) -> (tensor<3x4xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.convert %arg0 : (tensor<3x4xi16>) -> tensor<3x4xf32>
    return %0 : tensor<3x4xf32>
  }
}
