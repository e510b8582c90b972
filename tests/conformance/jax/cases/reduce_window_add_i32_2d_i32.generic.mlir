"builtin.module"() <{sym_name = "jit_reduce_window_add_i32_2d_i32"}> ({
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<6x7xi32>) -> tensor<2x6xi32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<6x7xi32>):
    %0 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %1 = "stablehlo.broadcast_in_dim"(%0) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<i32>
    %2 = "stablehlo.reduce_window"(%arg0, %1) <{base_dilations = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 3, 2>, window_strides = array<i64: 2, 1>}> ({
    ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>):
      %3 = "stablehlo.add"(%arg1, %arg2) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      "stablehlo.return"(%3) : (tensor<i32>) -> ()
    }) : (tensor<6x7xi32>, tensor<i32>) -> tensor<2x6xi32>
    "func.return"(%2) : (tensor<2x6xi32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
