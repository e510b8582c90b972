"builtin.module"() <{sym_name = "jit_reduce_and_i1_d1"}> ({
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<4x3xi1>) -> tensor<4xi1>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<4x3xi1>):
    %0 = "stablehlo.constant"() <{value = dense<true> : tensor<i1>}> : () -> tensor<i1>
    %1 = "stablehlo.reduce"(%arg0, %0) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg1: tensor<i1>, %arg2: tensor<i1>):
      %2 = "stablehlo.and"(%arg1, %arg2) : (tensor<i1>, tensor<i1>) -> tensor<i1>
      "stablehlo.return"(%2) : (tensor<i1>) -> ()
    }) : (tensor<4x3xi1>, tensor<i1>) -> tensor<4xi1>
    "func.return"(%1) : (tensor<4xi1>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
