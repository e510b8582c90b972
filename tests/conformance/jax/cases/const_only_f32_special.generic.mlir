"builtin.module"() <{sym_name = "jit_const_only_f32_special"}> ({
  "func.func"() <{arg_attrs = [], function_type = () -> tensor<10xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
    %0 = "stablehlo.constant"() <{value = dense<[0.000000e+00, -0.000000e+00, 1.000000e+00, -1.500000e+00, 0x7F800000, 0xFF800000, 3.40282347E+38, 1.17549435E-38, 1.401300e-45, 3.14159274]> : tensor<10xf32>}> : () -> tensor<10xf32>
    "func.return"(%0) : (tensor<10xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
