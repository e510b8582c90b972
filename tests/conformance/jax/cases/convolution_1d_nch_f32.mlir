module @jit_convolution_1d_nch_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x3x10xf32>, %arg1: tensor<4x3x3xf32>) -> (tensor<2x4x6xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {stride = [2], pad = [[2, 1]], lhs_dilate = [1], rhs_dilate = [1], reverse = [false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x3x10xf32>, tensor<4x3x3xf32>) -> tensor<2x4x6xf32>
    return %0 : tensor<2x4x6xf32>
  }
}
