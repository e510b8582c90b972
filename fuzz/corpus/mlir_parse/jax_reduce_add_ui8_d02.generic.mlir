"builtin.module"() <{sym_name = "jit_reduce_add_ui8_d02"}> ({
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<3x4x5xui8>) -> tensor<4xui8>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<3x4x5xui8>):
    %0 = "stablehlo.constant"() <{value = dense<0> : tensor<ui8>}> : () -> tensor<ui8>
    %1 = "stablehlo.reduce"(%arg0, %0) <{dimensions = array<i64: 0, 2>}> ({
    ^bb0(%arg1: tensor<ui8>, %arg2: tensor<ui8>):
      %2 = "stablehlo.add"(%arg1, %arg2) : (tensor<ui8>, tensor<ui8>) -> tensor<ui8>
      "stablehlo.return"(%2) : (tensor<ui8>) -> ()
    }) : (tensor<3x4x5xui8>, tensor<ui8>) -> tensor<4xui8>
    "func.return"(%1) : (tensor<4xui8>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
