"builtin.module"() <{sym_name = "jit_multiply_i64_scalar"}> ({
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<i64>, tensor<i64>) -> tensor<i64>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
    %0 = "stablehlo.multiply"(%arg0, %arg1) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "func.return"(%0) : (tensor<i64>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
