"builtin.module"() <{sym_name = "jit_dynamic_slice_idx_i64"}> ({
  "func.func"() <{arg_attrs = [{}, {}, {}, {}], function_type = (tensor<5x5x4xf32>, tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<2x3x4xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<5x5x4xf32>, %arg1: tensor<i64>, %arg2: tensor<i64>, %arg3: tensor<i64>):
    %0 = "stablehlo.constant"() <{value = dense<0> : tensor<i64>}> : () -> tensor<i64>
    %1 = "stablehlo.compare"(%arg1, %0) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %2 = "stablehlo.constant"() <{value = dense<5> : tensor<i64>}> : () -> tensor<i64>
    %3 = "stablehlo.add"(%arg1, %2) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %4 = "stablehlo.select"(%1, %3, %arg1) : (tensor<i1>, tensor<i64>, tensor<i64>) -> tensor<i64>
    %5 = "stablehlo.constant"() <{value = dense<0> : tensor<i64>}> : () -> tensor<i64>
    %6 = "stablehlo.compare"(%arg2, %5) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %7 = "stablehlo.constant"() <{value = dense<5> : tensor<i64>}> : () -> tensor<i64>
    %8 = "stablehlo.add"(%arg2, %7) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %9 = "stablehlo.select"(%6, %8, %arg2) : (tensor<i1>, tensor<i64>, tensor<i64>) -> tensor<i64>
    %10 = "stablehlo.constant"() <{value = dense<0> : tensor<i64>}> : () -> tensor<i64>
    %11 = "stablehlo.compare"(%arg3, %10) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %12 = "stablehlo.constant"() <{value = dense<4> : tensor<i64>}> : () -> tensor<i64>
    %13 = "stablehlo.add"(%arg3, %12) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %14 = "stablehlo.select"(%11, %13, %arg3) : (tensor<i1>, tensor<i64>, tensor<i64>) -> tensor<i64>
    %15 = "stablehlo.dynamic_slice"(%arg0, %4, %9, %14) <{slice_sizes = array<i64: 2, 3, 4>}> : (tensor<5x5x4xf32>, tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<2x3x4xf32>
    "func.return"(%15) : (tensor<2x3x4xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
