"builtin.module"() <{sym_name = "jit_const_only_f32_nan"}> ({
  "func.func"() <{arg_attrs = [], function_type = () -> tensor<3xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
    %0 = "stablehlo.constant"() <{value = dense<[0x7FC00000, 1.000000e+00, 0xFFC00000]> : tensor<3xf32>}> : () -> tensor<3xf32>
    "func.return"(%0) : (tensor<3xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
