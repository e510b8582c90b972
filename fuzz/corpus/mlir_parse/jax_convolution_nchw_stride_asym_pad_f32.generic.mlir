"builtin.module"() <{sym_name = "jit_convolution_nchw_stride_asym_pad_f32"}> ({
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<2x3x7x8xf32>, tensor<4x3x3x2xf32>) -> tensor<2x4x4x4xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<2x3x7x8xf32>, %arg1: tensor<4x3x3x2xf32>):
    %0 = "stablehlo.convolution"(%arg0, %arg1) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<[[1, 2], [0, 1]]> : tensor<2x2xi64>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, window_strides = array<i64: 2, 2>}> : (tensor<2x3x7x8xf32>, tensor<4x3x3x2xf32>) -> tensor<2x4x4x4xf32>
    "func.return"(%0) : (tensor<2x4x4x4xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
