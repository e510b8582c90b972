module @jit_convolution_1d_nwc_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x9x2xf32>, %arg1: tensor<4x2x3xf32>) -> (tensor<2x9x3xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1], pad = [[3, 3]], lhs_dilate = [1], rhs_dilate = [2], reverse = [false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x9x2xf32>, tensor<4x2x3xf32>) -> tensor<2x9x3xf32>
    return %0 : tensor<2x9x3xf32>
  }
}
