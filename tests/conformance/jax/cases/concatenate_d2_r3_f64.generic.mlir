"builtin.module"() <{sym_name = "jit_concatenate_d2_r3_f64"}> ({
  "func.func"() <{arg_attrs = [{}, {}, {}], function_type = (tensor<2x2x1xf64>, tensor<2x2x2xf64>, tensor<2x2x3xf64>) -> tensor<2x2x6xf64>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<2x2x1xf64>, %arg1: tensor<2x2x2xf64>, %arg2: tensor<2x2x3xf64>):
    %0 = "stablehlo.concatenate"(%arg0, %arg1, %arg2) <{dimension = 2 : i64}> : (tensor<2x2x1xf64>, tensor<2x2x2xf64>, tensor<2x2x3xf64>) -> tensor<2x2x6xf64>
    "func.return"(%0) : (tensor<2x2x6xf64>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
