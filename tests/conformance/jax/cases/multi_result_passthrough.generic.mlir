"builtin.module"() <{sym_name = "jit_multi_result_passthrough"}> ({
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<2xi64>, tensor<3xi1>) -> (tensor<3xi1>, tensor<2xi64>), res_attrs = [{jax.result_info = "result[0]"}, {jax.result_info = "result[1]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<2xi64>, %arg1: tensor<3xi1>):
    "func.return"(%arg1, %arg0) : (tensor<3xi1>, tensor<2xi64>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
