"builtin.module"() <{sym_name = "jit_broadcast_in_dim_0_i1"}> ({
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<3xi1>) -> tensor<2x3xi1>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<3xi1>):
    %0 = "stablehlo.broadcast_in_dim"(%arg0) <{broadcast_dimensions = array<i64: 1>}> : (tensor<3xi1>) -> tensor<2x3xi1>
    "func.return"(%0) : (tensor<2x3xi1>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
