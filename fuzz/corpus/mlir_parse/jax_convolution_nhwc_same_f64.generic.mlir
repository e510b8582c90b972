"builtin.module"() <{sym_name = "jit_convolution_nhwc_same_f64"}> ({
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<2x7x7x3xf64>, tensor<3x3x3x4xf64>) -> tensor<2x7x7x4xf64>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<2x7x7x3xf64>, %arg1: tensor<3x3x3x4xf64>):
    %0 = "stablehlo.convolution"(%arg0, %arg1) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<1> : tensor<2x2xi64>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, window_strides = array<i64: 1, 1>}> : (tensor<2x7x7x3xf64>, tensor<3x3x3x4xf64>) -> tensor<2x7x7x4xf64>
    "func.return"(%0) : (tensor<2x7x7x4xf64>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
