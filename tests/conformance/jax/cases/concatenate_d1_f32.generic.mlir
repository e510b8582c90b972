"builtin.module"() <{sym_name = "jit_concatenate_d1_f32"}> ({
  "func.func"() <{arg_attrs = [{}, {}, {}], function_type = (tensor<2x1xf32>, tensor<2x3xf32>, tensor<2x2xf32>) -> tensor<2x6xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<2x1xf32>, %arg1: tensor<2x3xf32>, %arg2: tensor<2x2xf32>):
    %0 = "stablehlo.concatenate"(%arg0, %arg1, %arg2) <{dimension = 1 : i64}> : (tensor<2x1xf32>, tensor<2x3xf32>, tensor<2x2xf32>) -> tensor<2x6xf32>
    "func.return"(%0) : (tensor<2x6xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
