"builtin.module"() <{sym_name = "jit_reshape_1_i64"}> ({
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<2x3x4xi64>) -> tensor<24xi64>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<2x3x4xi64>):
    %0 = "stablehlo.reshape"(%arg0) : (tensor<2x3x4xi64>) -> tensor<24xi64>
    "func.return"(%0) : (tensor<24xi64>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
