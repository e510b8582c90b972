"builtin.module"() <{sym_name = "jit_transpose_1_f32"}> ({
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<2x3x4xf32>):
    %0 = "stablehlo.transpose"(%arg0) <{permutation = array<i64: 2, 0, 1>}> : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
    "func.return"(%0) : (tensor<4x2x3xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
