"builtin.module"() <{sym_name = "jit_const_only_i64_extremes"}> ({
  "func.func"() <{arg_attrs = [], function_type = () -> tensor<5xi64>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
    %0 = "stablehlo.constant"() <{value = dense<[-9223372036854775808, -1, 0, 1, 9223372036854775807]> : tensor<5xi64>}> : () -> tensor<5xi64>
    "func.return"(%0) : (tensor<5xi64>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
