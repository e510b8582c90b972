"builtin.module"() <{sym_name = "jit_call_two_levels_f64"}> ({
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<4xf64>) -> tensor<4xf64>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg2: tensor<4xf64>):
    %10 = "func.call"(%arg2) <{callee = @level1}> : (tensor<4xf64>) -> tensor<4xf64>
    %11 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %12 = "stablehlo.broadcast_in_dim"(%11) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<4xf64>
    %13 = "stablehlo.add"(%10, %12) : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    "func.return"(%13) : (tensor<4xf64>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<4xf64>) -> tensor<4xf64>, res_attrs = [{}], sym_name = "level1", sym_visibility = "private"}> ({
  ^bb0(%arg1: tensor<4xf64>):
    %1 = "func.call"(%arg1) <{callee = @level2}> : (tensor<4xf64>) -> tensor<4xf64>
    %2 = "stablehlo.constant"() <{value = dense<2.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %3 = "stablehlo.broadcast_in_dim"(%2) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<4xf64>
    %4 = "stablehlo.multiply"(%1, %3) : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %5 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %6 = "stablehlo.broadcast_in_dim"(%5) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<4xf64>
    %7 = "stablehlo.add"(%arg1, %6) : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %8 = "func.call"(%7) <{callee = @level2}> : (tensor<4xf64>) -> tensor<4xf64>
    %9 = "stablehlo.add"(%4, %8) : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    "func.return"(%9) : (tensor<4xf64>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<4xf64>) -> tensor<4xf64>, res_attrs = [{}], sym_name = "level2", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<4xf64>):
    %0 = "stablehlo.negate"(%arg0) : (tensor<4xf64>) -> tensor<4xf64>
    "func.return"(%0) : (tensor<4xf64>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
