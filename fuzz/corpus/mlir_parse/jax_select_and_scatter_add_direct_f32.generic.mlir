"builtin.module"() <{sym_name = "jit_select_and_scatter_add_direct_f32"}> ({
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<3x3xf32>, tensor<6x6xf32>) -> tensor<6x6xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<3x3xf32>, %arg1: tensor<6x6xf32>):
    %0 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %1 = "stablehlo.pad"(%arg1, %0) <{edge_padding_high = array<i64: 0, 0>, edge_padding_low = array<i64: 0, 0>, interior_padding = array<i64: 0, 0>}> : (tensor<6x6xf32>, tensor<f32>) -> tensor<6x6xf32>
    %2 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %3 = "stablehlo.select_and_scatter"(%1, %arg0, %2) <{padding = dense<0> : tensor<2x2xi64>, window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
    ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
      %6 = "stablehlo.compare"(%arg4, %arg5) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<f32>, tensor<f32>) -> tensor<i1>
      "stablehlo.return"(%6) : (tensor<i1>) -> ()
    }, {
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %5 = "stablehlo.add"(%arg2, %arg3) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%5) : (tensor<f32>) -> ()
    }) : (tensor<6x6xf32>, tensor<3x3xf32>, tensor<f32>) -> tensor<6x6xf32>
    %4 = "stablehlo.slice"(%3) <{limit_indices = array<i64: 6, 6>, start_indices = array<i64: 0, 0>, strides = array<i64: 1, 1>}> : (tensor<6x6xf32>) -> tensor<6x6xf32>
    "func.return"(%4) : (tensor<6x6xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
