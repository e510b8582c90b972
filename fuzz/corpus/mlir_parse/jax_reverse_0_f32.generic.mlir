"builtin.module"() <{sym_name = "jit_reverse_0_f32"}> ({
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<5xf32>) -> tensor<5xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<5xf32>):
    %0 = "stablehlo.reverse"(%arg0) <{dimensions = array<i64: 0>}> : (tensor<5xf32>) -> tensor<5xf32>
    "func.return"(%0) : (tensor<5xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
