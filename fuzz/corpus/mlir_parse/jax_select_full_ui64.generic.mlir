"builtin.module"() <{sym_name = "jit_select_full_ui64"}> ({
  "func.func"() <{arg_attrs = [{}, {}, {}], function_type = (tensor<3x4xi1>, tensor<3x4xui64>, tensor<3x4xui64>) -> tensor<3x4xui64>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<3x4xi1>, %arg1: tensor<3x4xui64>, %arg2: tensor<3x4xui64>):
    %0 = "stablehlo.select"(%arg0, %arg1, %arg2) : (tensor<3x4xi1>, tensor<3x4xui64>, tensor<3x4xui64>) -> tensor<3x4xui64>
    "func.return"(%0) : (tensor<3x4xui64>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
