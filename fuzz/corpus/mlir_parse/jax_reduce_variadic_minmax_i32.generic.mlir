"builtin.module"() <{sym_name = "jit_reduce_variadic_minmax_i32"}> ({
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<5x3xi32>) -> (tensor<3xi32>, tensor<3xi32>), res_attrs = [{jax.result_info = "result[0]"}, {jax.result_info = "result[1]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<5x3xi32>):
    %0 = "stablehlo.constant"() <{value = dense<2147483647> : tensor<i32>}> : () -> tensor<i32>
    %1 = "stablehlo.constant"() <{value = dense<-2147483648> : tensor<i32>}> : () -> tensor<i32>
    %2:2 = "stablehlo.reduce"(%arg0, %arg0, %0, %1) <{dimensions = array<i64: 0>}> ({
    ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>, %arg3: tensor<i32>, %arg4: tensor<i32>):
      %3 = "stablehlo.minimum"(%arg1, %arg3) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      %4 = "stablehlo.maximum"(%arg2, %arg4) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      "stablehlo.return"(%3, %4) : (tensor<i32>, tensor<i32>) -> ()
    }) : (tensor<5x3xi32>, tensor<5x3xi32>, tensor<i32>, tensor<i32>) -> (tensor<3xi32>, tensor<3xi32>)
    "func.return"(%2#0, %2#1) : (tensor<3xi32>, tensor<3xi32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
