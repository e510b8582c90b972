"builtin.module"() <{sym_name = "jit_reduce_add_f64_d02"}> ({
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<3x4x5xf64>) -> tensor<4xf64>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<3x4x5xf64>):
    %0 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %1 = "stablehlo.reduce"(%arg0, %0) <{dimensions = array<i64: 0, 2>}> ({
    ^bb0(%arg1: tensor<f64>, %arg2: tensor<f64>):
      %2 = "stablehlo.add"(%arg1, %arg2) : (tensor<f64>, tensor<f64>) -> tensor<f64>
      "stablehlo.return"(%2) : (tensor<f64>) -> ()
    }) : (tensor<3x4x5xf64>, tensor<f64>) -> tensor<4xf64>
    "func.return"(%1) : (tensor<4xf64>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
