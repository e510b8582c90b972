"builtin.module"() <{sym_name = "jit_reshape_3_f32"}> ({
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<1x1xf32>) -> tensor<f32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<1x1xf32>):
    %0 = "stablehlo.reshape"(%arg0) : (tensor<1x1xf32>) -> tensor<f32>
    "func.return"(%0) : (tensor<f32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
