"builtin.module"() <{sym_name = "jit_reduce_add_i32_d1"}> ({
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<3x4x5xi32>) -> tensor<3x5xi32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<3x4x5xi32>):
    %0 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %1 = "stablehlo.reduce"(%arg0, %0) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>):
      %2 = "stablehlo.add"(%arg1, %arg2) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      "stablehlo.return"(%2) : (tensor<i32>) -> ()
    }) : (tensor<3x4x5xi32>, tensor<i32>) -> tensor<3x5xi32>
    "func.return"(%1) : (tensor<3x5xi32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
