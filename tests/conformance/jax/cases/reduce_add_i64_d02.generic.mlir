"builtin.module"() <{sym_name = "jit_reduce_add_i64_d02"}> ({
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<3x4x5xi64>) -> tensor<4xi64>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<3x4x5xi64>):
    %0 = "stablehlo.constant"() <{value = dense<0> : tensor<i64>}> : () -> tensor<i64>
    %1 = "stablehlo.reduce"(%arg0, %0) <{dimensions = array<i64: 0, 2>}> ({
    ^bb0(%arg1: tensor<i64>, %arg2: tensor<i64>):
      %2 = "stablehlo.add"(%arg1, %arg2) : (tensor<i64>, tensor<i64>) -> tensor<i64>
      "stablehlo.return"(%2) : (tensor<i64>) -> ()
    }) : (tensor<3x4x5xi64>, tensor<i64>) -> tensor<4xi64>
    "func.return"(%1) : (tensor<4xi64>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
