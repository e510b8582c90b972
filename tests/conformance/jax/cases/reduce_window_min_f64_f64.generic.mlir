"builtin.module"() <{sym_name = "jit_reduce_window_min_f64_f64"}> ({
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<6x6xf64>) -> tensor<6x6xf64>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<6x6xf64>):
    %0 = "stablehlo.constant"() <{value = dense<0x7FF0000000000000> : tensor<f64>}> : () -> tensor<f64>
    %1 = "stablehlo.broadcast_in_dim"(%0) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<f64>
    %2 = "stablehlo.reduce_window"(%arg0, %1) <{base_dilations = array<i64: 1, 1>, padding = dense<1> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 3, 3>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg1: tensor<f64>, %arg2: tensor<f64>):
      %3 = "stablehlo.minimum"(%arg1, %arg2) : (tensor<f64>, tensor<f64>) -> tensor<f64>
      "stablehlo.return"(%3) : (tensor<f64>) -> ()
    }) : (tensor<6x6xf64>, tensor<f64>) -> tensor<6x6xf64>
    "func.return"(%2) : (tensor<6x6xf64>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
