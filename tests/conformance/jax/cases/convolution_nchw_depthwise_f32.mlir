module @jit_convolution_nchw_depthwise_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x3x6x6xf32>, %arg1: tensor<6x1x3x3xf32>) -> (tensor<2x6x6x6xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 3 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x3x6x6xf32>, tensor<6x1x3x3xf32>) -> tensor<2x6x6x6xf32>
    return %0 : tensor<2x6x6x6xf32>
  }
}
