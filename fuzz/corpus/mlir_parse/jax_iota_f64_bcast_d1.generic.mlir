"builtin.module"() <{sym_name = "jit_iota_f64_bcast_d1"}> ({
  "func.func"() <{arg_attrs = [], function_type = () -> tensor<3x4xf64>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
    %0 = "stablehlo.iota"() <{iota_dimension = 1 : i64}> : () -> tensor<3x4xf64>
    "func.return"(%0) : (tensor<3x4xf64>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
