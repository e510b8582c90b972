"builtin.module"() <{sym_name = "jit_reverse_0_i64"}> ({
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<5xi64>) -> tensor<5xi64>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<5xi64>):
    %0 = "stablehlo.reverse"(%arg0) <{dimensions = array<i64: 0>}> : (tensor<5xi64>) -> tensor<5xi64>
    "func.return"(%0) : (tensor<5xi64>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
