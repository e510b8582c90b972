"builtin.module"() <{sym_name = "jit_reduce_min_f64_d01"}> ({
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<4x5xf64>) -> tensor<f64>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<4x5xf64>):
    %0 = "stablehlo.constant"() <{value = dense<0x7FF0000000000000> : tensor<f64>}> : () -> tensor<f64>
    %1 = "stablehlo.reduce"(%arg0, %0) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg1: tensor<f64>, %arg2: tensor<f64>):
      %2 = "stablehlo.minimum"(%arg1, %arg2) : (tensor<f64>, tensor<f64>) -> tensor<f64>
      "stablehlo.return"(%2) : (tensor<f64>) -> ()
    }) : (tensor<4x5xf64>, tensor<f64>) -> tensor<f64>
    "func.return"(%1) : (tensor<f64>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
