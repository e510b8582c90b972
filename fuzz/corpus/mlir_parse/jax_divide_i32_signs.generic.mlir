"builtin.module"() <{sym_name = "jit_divide_i32_signs"}> ({
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<12xi32>, tensor<12xi32>) -> tensor<12xi32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<12xi32>, %arg1: tensor<12xi32>):
    %0 = "stablehlo.divide"(%arg0, %arg1) : (tensor<12xi32>, tensor<12xi32>) -> tensor<12xi32>
    "func.return"(%0) : (tensor<12xi32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
