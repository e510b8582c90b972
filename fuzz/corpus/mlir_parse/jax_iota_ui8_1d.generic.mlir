"builtin.module"() <{sym_name = "jit_iota_ui8_1d"}> ({
  "func.func"() <{arg_attrs = [], function_type = () -> tensor<5xui8>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
    %0 = "stablehlo.iota"() <{iota_dimension = 0 : i64}> : () -> tensor<5xui8>
    "func.return"(%0) : (tensor<5xui8>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
