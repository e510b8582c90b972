"builtin.module"() <{sym_name = "jit_sign_zero_f64"}> ({
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<8xf64>) -> tensor<8xf64>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<8xf64>):
    %0 = "stablehlo.sign"(%arg0) : (tensor<8xf64>) -> tensor<8xf64>
    "func.return"(%0) : (tensor<8xf64>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
