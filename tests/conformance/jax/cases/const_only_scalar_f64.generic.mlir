"builtin.module"() <{sym_name = "jit_const_only_scalar_f64"}> ({
  "func.func"() <{arg_attrs = [], function_type = () -> tensor<f64>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
    %0 = "stablehlo.constant"() <{value = dense<2.7182818284590451> : tensor<f64>}> : () -> tensor<f64>
    "func.return"(%0) : (tensor<f64>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
