"builtin.module"() <{sym_name = "jit_reshape_4_i64"}> ({
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<i64>) -> tensor<1x1x1xi64>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<i64>):
    %0 = "stablehlo.reshape"(%arg0) : (tensor<i64>) -> tensor<1x1x1xi64>
    "func.return"(%0) : (tensor<1x1x1xi64>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
