"builtin.module"() <{sym_name = "jit_convert_i1_to_ui8"}> ({
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<3x4xi1>) -> tensor<3x4xui8>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<3x4xi1>):
    %0 = "stablehlo.convert"(%arg0) : (tensor<3x4xi1>) -> tensor<3x4xui8>
    "func.return"(%0) : (tensor<3x4xui8>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
