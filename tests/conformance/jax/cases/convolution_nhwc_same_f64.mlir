module @jit_convolution_nhwc_same_f64 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x7x7x3xf64>, %arg1: tensor<3x3x3x4xf64>) -> (tensor<2x7x7x4xf64> {jax.result_info = "result"}) {
    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x7x7x3xf64>, tensor<3x3x3x4xf64>) -> tensor<2x7x7x4xf64>
    return %0 : tensor<2x7x7x4xf64>
  }
}
