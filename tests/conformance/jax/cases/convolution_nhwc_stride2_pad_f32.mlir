module @jit_convolution_nhwc_stride2_pad_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x9x8x2xf32>, %arg1: tensor<3x2x2x3xf32>) -> (tensor<2x5x3x3xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 3], pad = [[2, 1], [0, 2]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x9x8x2xf32>, tensor<3x2x2x3xf32>) -> tensor<2x5x3x3xf32>
    return %0 : tensor<2x5x3x3xf32>
  }
}
