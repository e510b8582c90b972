"builtin.module"() <{sym_name = "jit_dynamic_slice_5_f32"}> ({
  "func.func"() <{arg_attrs = [{}, {}, {}], function_type = (tensor<6x8xf32>, tensor<i32>, tensor<i32>) -> tensor<3x4xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<6x8xf32>, %arg1: tensor<i32>, %arg2: tensor<i32>):
    %0 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %1 = "stablehlo.compare"(%arg1, %0) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %2 = "stablehlo.constant"() <{value = dense<6> : tensor<i32>}> : () -> tensor<i32>
    %3 = "stablehlo.add"(%arg1, %2) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %4 = "stablehlo.select"(%1, %3, %arg1) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %5 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %6 = "stablehlo.compare"(%arg2, %5) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %7 = "stablehlo.constant"() <{value = dense<8> : tensor<i32>}> : () -> tensor<i32>
    %8 = "stablehlo.add"(%arg2, %7) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %9 = "stablehlo.select"(%6, %8, %arg2) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %10 = "stablehlo.dynamic_slice"(%arg0, %4, %9) <{slice_sizes = array<i64: 3, 4>}> : (tensor<6x8xf32>, tensor<i32>, tensor<i32>) -> tensor<3x4xf32>
    "func.return"(%10) : (tensor<3x4xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
