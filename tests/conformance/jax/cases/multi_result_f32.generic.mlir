"builtin.module"() <{sym_name = "jit_multi_result_f32"}> ({
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<3x4xf32>, tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xi1>, tensor<3x4xi32>), res_attrs = [{jax.result_info = "result[0]"}, {jax.result_info = "result[1]"}, {jax.result_info = "result[2]"}, {jax.result_info = "result[3]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<3x4xf32>, %arg1: tensor<3x4xf32>):
    %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
    %1 = "stablehlo.multiply"(%arg0, %arg1) : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
    %2 = "stablehlo.compare"(%arg0, %arg1) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xi1>
    %3 = "stablehlo.convert"(%arg0) : (tensor<3x4xf32>) -> tensor<3x4xi32>
    "func.return"(%0, %1, %2, %3) : (tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xi1>, tensor<3x4xi32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
