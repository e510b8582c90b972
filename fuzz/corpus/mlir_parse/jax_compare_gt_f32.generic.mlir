"builtin.module"() <{sym_name = "jit_compare_gt_f32"}> ({
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xi1>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<3x4xf32>, %arg1: tensor<3x4xf32>):
    %0 = "stablehlo.compare"(%arg0, %arg1) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xi1>
    "func.return"(%0) : (tensor<3x4xi1>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
