"builtin.module"() <{sym_name = "jit_transpose_0_ui16"}> ({
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<3x4xui16>) -> tensor<4x3xui16>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<3x4xui16>):
    %0 = "stablehlo.transpose"(%arg0) <{permutation = array<i64: 1, 0>}> : (tensor<3x4xui16>) -> tensor<4x3xui16>
    "func.return"(%0) : (tensor<4x3xui16>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
