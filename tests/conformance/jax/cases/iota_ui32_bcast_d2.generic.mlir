"builtin.module"() <{sym_name = "jit_iota_ui32_bcast_d2"}> ({
  "func.func"() <{arg_attrs = [], function_type = () -> tensor<2x3x4xui32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
    %0 = "stablehlo.iota"() <{iota_dimension = 2 : i64}> : () -> tensor<2x3x4xui32>
    "func.return"(%0) : (tensor<2x3x4xui32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
