"builtin.module"() <{sym_name = "jit_const_only_ui16_extremes"}> ({
  "func.func"() <{arg_attrs = [], function_type = () -> tensor<5xui16>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
    %0 = "stablehlo.constant"() <{value = dense<[0, 1, 32767, 32768, 65535]> : tensor<5xui16>}> : () -> tensor<5xui16>
    "func.return"(%0) : (tensor<5xui16>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
