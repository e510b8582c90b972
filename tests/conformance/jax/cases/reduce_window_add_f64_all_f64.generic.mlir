"builtin.module"() <{sym_name = "jit_reduce_window_add_f64_all_f64"}> ({
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<2x6x5xf64>) -> tensor<2x3x10xf64>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<2x6x5xf64>):
    %0 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %1 = "stablehlo.broadcast_in_dim"(%0) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<f64>
    %2 = "stablehlo.reduce_window"(%arg0, %1) <{base_dilations = array<i64: 1, 1, 2>, padding = dense<[[0, 0], [1, 1], [0, 2]]> : tensor<3x2xi64>, window_dilations = array<i64: 1, 2, 1>, window_dimensions = array<i64: 1, 2, 2>, window_strides = array<i64: 1, 2, 1>}> ({
    ^bb0(%arg1: tensor<f64>, %arg2: tensor<f64>):
      %3 = "stablehlo.add"(%arg1, %arg2) : (tensor<f64>, tensor<f64>) -> tensor<f64>
      "stablehlo.return"(%3) : (tensor<f64>) -> ()
    }) : (tensor<2x6x5xf64>, tensor<f64>) -> tensor<2x3x10xf64>
    "func.return"(%2) : (tensor<2x3x10xf64>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
