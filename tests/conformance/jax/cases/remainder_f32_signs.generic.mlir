"builtin.module"() <{sym_name = "jit_remainder_f32_signs"}> ({
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<12xf32>, tensor<12xf32>) -> tensor<12xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<12xf32>, %arg1: tensor<12xf32>):
    %0 = "stablehlo.remainder"(%arg0, %arg1) : (tensor<12xf32>, tensor<12xf32>) -> tensor<12xf32>
    "func.return"(%0) : (tensor<12xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
