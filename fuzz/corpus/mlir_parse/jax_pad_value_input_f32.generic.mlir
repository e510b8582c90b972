"builtin.module"() <{sym_name = "jit_pad_value_input_f32"}> ({
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<2x3x2xf32>, tensor<f32>) -> tensor<4x2x5xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<2x3x2xf32>, %arg1: tensor<f32>):
    %0 = "stablehlo.pad"(%arg0, %arg1) <{edge_padding_high = array<i64: 0, -1, 1>, edge_padding_low = array<i64: 1, 0, 2>, interior_padding = array<i64: 1, 0, 0>}> : (tensor<2x3x2xf32>, tensor<f32>) -> tensor<4x2x5xf32>
    "func.return"(%0) : (tensor<4x2x5xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
