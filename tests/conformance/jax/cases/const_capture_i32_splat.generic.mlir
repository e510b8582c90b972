"builtin.module"() <{sym_name = "jit_const_capture_i32_splat"}> ({
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<3x4xi32>) -> tensor<3x4xi32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<3x4xi32>):
    %0 = "stablehlo.constant"() <{value = dense<-7> : tensor<3x4xi32>}> : () -> tensor<3x4xi32>
    %1 = "stablehlo.multiply"(%arg0, %0) : (tensor<3x4xi32>, tensor<3x4xi32>) -> tensor<3x4xi32>
    "func.return"(%1) : (tensor<3x4xi32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
