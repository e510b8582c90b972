"builtin.module"() <{sym_name = "jit_select_and_scatter_grad_pool2_f64"}> ({
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<1x1x6x6xf64>, tensor<1x1x3x3xf64>) -> tensor<1x1x6x6xf64>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<1x1x6x6xf64>, %arg1: tensor<1x1x3x3xf64>):
    %0 = "stablehlo.constant"() <{value = dense<0xFFF0000000000000> : tensor<f64>}> : () -> tensor<f64>
    %1 = "stablehlo.broadcast_in_dim"(%0) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<f64>
    %2 = "stablehlo.reduce_window"(%arg0, %1) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<0> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 1, 2, 2>, window_strides = array<i64: 1, 1, 2, 2>}> ({
    ^bb0(%arg8: tensor<f64>, %arg9: tensor<f64>):
      %17 = "stablehlo.maximum"(%arg8, %arg9) : (tensor<f64>, tensor<f64>) -> tensor<f64>
      "stablehlo.return"(%17) : (tensor<f64>) -> ()
    }) : (tensor<1x1x6x6xf64>, tensor<f64>) -> tensor<1x1x3x3xf64>
    %3 = "stablehlo.multiply"(%2, %arg1) : (tensor<1x1x3x3xf64>, tensor<1x1x3x3xf64>) -> tensor<1x1x3x3xf64>
    %4 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %5 = "stablehlo.reduce"(%3, %4) <{dimensions = array<i64: 0, 1, 2, 3>}> ({
    ^bb0(%arg6: tensor<f64>, %arg7: tensor<f64>):
      %16 = "stablehlo.add"(%arg6, %arg7) : (tensor<f64>, tensor<f64>) -> tensor<f64>
      "stablehlo.return"(%16) : (tensor<f64>) -> ()
    }) : (tensor<1x1x3x3xf64>, tensor<f64>) -> tensor<f64>
    %6 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %7 = "stablehlo.broadcast_in_dim"(%6) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<1x1x3x3xf64>
    %8 = "stablehlo.multiply"(%7, %arg1) : (tensor<1x1x3x3xf64>, tensor<1x1x3x3xf64>) -> tensor<1x1x3x3xf64>
    %9 = "stablehlo.constant"() <{value = dense<0xFFF0000000000000> : tensor<f64>}> : () -> tensor<f64>
    %10 = "stablehlo.pad"(%arg0, %9) <{edge_padding_high = array<i64: 0, 0, 0, 0>, edge_padding_low = array<i64: 0, 0, 0, 0>, interior_padding = array<i64: 0, 0, 0, 0>}> : (tensor<1x1x6x6xf64>, tensor<f64>) -> tensor<1x1x6x6xf64>
    %11 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %12 = "stablehlo.select_and_scatter"(%10, %8, %11) <{padding = dense<0> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 1, 2, 2>, window_strides = array<i64: 1, 1, 2, 2>}> ({
    ^bb0(%arg4: tensor<f64>, %arg5: tensor<f64>):
      %15 = "stablehlo.compare"(%arg4, %arg5) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<f64>, tensor<f64>) -> tensor<i1>
      "stablehlo.return"(%15) : (tensor<i1>) -> ()
    }, {
    ^bb0(%arg2: tensor<f64>, %arg3: tensor<f64>):
      %14 = "stablehlo.add"(%arg2, %arg3) : (tensor<f64>, tensor<f64>) -> tensor<f64>
      "stablehlo.return"(%14) : (tensor<f64>) -> ()
    }) : (tensor<1x1x6x6xf64>, tensor<1x1x3x3xf64>, tensor<f64>) -> tensor<1x1x6x6xf64>
    %13 = "stablehlo.slice"(%12) <{limit_indices = array<i64: 1, 1, 6, 6>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<1x1x6x6xf64>) -> tensor<1x1x6x6xf64>
    "func.return"(%13) : (tensor<1x1x6x6xf64>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
