"builtin.module"() <{sym_name = "jit_call_multi_result_i32"}> ({
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<2x3xi32>) -> (tensor<2x3xi32>, tensor<2x3xi32>), res_attrs = [{jax.result_info = "result[0]"}, {jax.result_info = "result[1]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg1: tensor<2x3xi32>):
    %2:2 = "func.call"(%arg1) <{callee = @inner2}> : (tensor<2x3xi32>) -> (tensor<2x3xi32>, tensor<2x3xi32>)
    %3:2 = "func.call"(%2#1) <{callee = @inner2}> : (tensor<2x3xi32>) -> (tensor<2x3xi32>, tensor<2x3xi32>)
    %4 = "stablehlo.add"(%2#0, %3#0) : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
    "func.return"(%4, %3#1) : (tensor<2x3xi32>, tensor<2x3xi32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<2x3xi32>) -> (tensor<2x3xi32>, tensor<2x3xi32>), res_attrs = [{}, {}], sym_name = "inner2", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<2x3xi32>):
    %0 = "stablehlo.add"(%arg0, %arg0) : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
    %1 = "stablehlo.multiply"(%arg0, %arg0) : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
    "func.return"(%0, %1) : (tensor<2x3xi32>, tensor<2x3xi32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
