"builtin.module"() <{sym_name = "jit_logistic_f64"}> ({
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<3x4xf64>) -> tensor<3x4xf64>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<3x4xf64>):
    %0 = "stablehlo.negate"(%arg0) : (tensor<3x4xf64>) -> tensor<3x4xf64>
    %1 = "stablehlo.exponential"(%0) : (tensor<3x4xf64>) -> tensor<3x4xf64>
    %2 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %3 = "stablehlo.broadcast_in_dim"(%2) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<3x4xf64>
    %4 = "stablehlo.add"(%3, %1) : (tensor<3x4xf64>, tensor<3x4xf64>) -> tensor<3x4xf64>
    %5 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %6 = "stablehlo.broadcast_in_dim"(%5) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<3x4xf64>
    %7 = "stablehlo.divide"(%6, %4) : (tensor<3x4xf64>, tensor<3x4xf64>) -> tensor<3x4xf64>
    "func.return"(%7) : (tensor<3x4xf64>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
