"builtin.module"() <{sym_name = "jit_subtract_ui8"}> ({
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<3x4xui8>, tensor<3x4xui8>) -> tensor<3x4xui8>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<3x4xui8>, %arg1: tensor<3x4xui8>):
    %0 = "stablehlo.subtract"(%arg0, %arg1) : (tensor<3x4xui8>, tensor<3x4xui8>) -> tensor<3x4xui8>
    "func.return"(%0) : (tensor<3x4xui8>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
