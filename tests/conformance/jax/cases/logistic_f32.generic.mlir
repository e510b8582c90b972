"builtin.module"() <{sym_name = "jit_logistic_f32"}> ({
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<3x4xf32>) -> tensor<3x4xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<3x4xf32>):
    %0 = "stablehlo.negate"(%arg0) : (tensor<3x4xf32>) -> tensor<3x4xf32>
    %1 = "stablehlo.exponential"(%0) : (tensor<3x4xf32>) -> tensor<3x4xf32>
    %2 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %3 = "stablehlo.broadcast_in_dim"(%2) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<3x4xf32>
    %4 = "stablehlo.add"(%3, %1) : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
    %5 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %6 = "stablehlo.broadcast_in_dim"(%5) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<3x4xf32>
    %7 = "stablehlo.divide"(%6, %4) : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
    "func.return"(%7) : (tensor<3x4xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
