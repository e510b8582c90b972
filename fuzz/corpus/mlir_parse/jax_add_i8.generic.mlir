"builtin.module"() <{sym_name = "jit_add_i8"}> ({
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<3x4xi8>, tensor<3x4xi8>) -> tensor<3x4xi8>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<3x4xi8>, %arg1: tensor<3x4xi8>):
    %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<3x4xi8>, tensor<3x4xi8>) -> tensor<3x4xi8>
    "func.return"(%0) : (tensor<3x4xi8>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
