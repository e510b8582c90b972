module @jit_pad_value_input_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x3x2xf32>, %arg1: tensor<f32>) -> (tensor<4x2x5xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.pad %arg0, %arg1, low = [1, 0, 2], high = [0, -1, 1], interior = [1, 0, 0] : (tensor<2x3x2xf32>, tensor<f32>) -> tensor<4x2x5xf32>
    return %0 : tensor<4x2x5xf32>
  }
}
