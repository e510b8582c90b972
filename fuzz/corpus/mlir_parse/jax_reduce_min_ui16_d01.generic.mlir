"builtin.module"() <{sym_name = "jit_reduce_min_ui16_d01"}> ({
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<4x5xui16>) -> tensor<ui16>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<4x5xui16>):
    %0 = "stablehlo.constant"() <{value = dense<65535> : tensor<ui16>}> : () -> tensor<ui16>
    %1 = "stablehlo.reduce"(%arg0, %0) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg1: tensor<ui16>, %arg2: tensor<ui16>):
      %2 = "stablehlo.minimum"(%arg1, %arg2) : (tensor<ui16>, tensor<ui16>) -> tensor<ui16>
      "stablehlo.return"(%2) : (tensor<ui16>) -> ()
    }) : (tensor<4x5xui16>, tensor<ui16>) -> tensor<ui16>
    "func.return"(%1) : (tensor<ui16>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
