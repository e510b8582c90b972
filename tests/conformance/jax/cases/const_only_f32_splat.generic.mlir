"builtin.module"() <{sym_name = "jit_const_only_f32_splat"}> ({
  "func.func"() <{arg_attrs = [], function_type = () -> tensor<6x6xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
    %0 = "stablehlo.constant"() <{value = dense<2.500000e+00> : tensor<6x6xf32>}> : () -> tensor<6x6xf32>
    "func.return"(%0) : (tensor<6x6xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
