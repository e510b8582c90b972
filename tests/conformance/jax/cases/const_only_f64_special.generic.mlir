"builtin.module"() <{sym_name = "jit_const_only_f64_special"}> ({
  "func.func"() <{arg_attrs = [], function_type = () -> tensor<8xf64>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
    %0 = "stablehlo.constant"() <{value = dense<[0.000000e+00, -0.000000e+00, 0x7FF0000000000000, 0xFFF0000000000000, 1.7976931348623157E+308, 4.940660e-324, 1.000000e-01, 0.33333333333333331]> : tensor<8xf64>}> : () -> tensor<8xf64>
    "func.return"(%0) : (tensor<8xf64>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
