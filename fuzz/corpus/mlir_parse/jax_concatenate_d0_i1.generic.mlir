"builtin.module"() <{sym_name = "jit_concatenate_d0_i1"}> ({
  "func.func"() <{arg_attrs = [{}, {}, {}], function_type = (tensor<2x3xi1>, tensor<1x3xi1>, tensor<4x3xi1>) -> tensor<7x3xi1>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<2x3xi1>, %arg1: tensor<1x3xi1>, %arg2: tensor<4x3xi1>):
    %0 = "stablehlo.concatenate"(%arg0, %arg1, %arg2) <{dimension = 0 : i64}> : (tensor<2x3xi1>, tensor<1x3xi1>, tensor<4x3xi1>) -> tensor<7x3xi1>
    "func.return"(%0) : (tensor<7x3xi1>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
