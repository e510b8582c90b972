"builtin.module"() <{sym_name = "jit_power_i64"}> ({
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<3x4xi64>, tensor<3x4xi64>) -> tensor<3x4xi64>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<3x4xi64>, %arg1: tensor<3x4xi64>):
    %0 = "stablehlo.power"(%arg0, %arg1) : (tensor<3x4xi64>, tensor<3x4xi64>) -> tensor<3x4xi64>
    "func.return"(%0) : (tensor<3x4xi64>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
