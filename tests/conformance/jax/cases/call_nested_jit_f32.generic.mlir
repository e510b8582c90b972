"builtin.module"() <{sym_name = "jit_call_nested_jit_f32"}> ({
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg2: tensor<3x4xf32>, %arg3: tensor<3x4xf32>):
    %4 = "func.call"(%arg2, %arg3) <{callee = @inner}> : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
    %5 = "func.call"(%arg3, %arg2) <{callee = @inner}> : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
    %6 = "stablehlo.subtract"(%4, %5) : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
    "func.return"(%6) : (tensor<3x4xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>, res_attrs = [{}], sym_name = "inner", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<3x4xf32>, %arg1: tensor<3x4xf32>):
    %0 = "stablehlo.multiply"(%arg0, %arg1) : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
    %1 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %2 = "stablehlo.broadcast_in_dim"(%1) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<3x4xf32>
    %3 = "stablehlo.add"(%0, %2) : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
    "func.return"(%3) : (tensor<3x4xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
