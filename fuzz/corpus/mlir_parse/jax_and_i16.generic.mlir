"builtin.module"() <{sym_name = "jit_and_i16"}> ({
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<3x4xi16>, tensor<3x4xi16>) -> tensor<3x4xi16>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<3x4xi16>, %arg1: tensor<3x4xi16>):
    %0 = "stablehlo.and"(%arg0, %arg1) : (tensor<3x4xi16>, tensor<3x4xi16>) -> tensor<3x4xi16>
    "func.return"(%0) : (tensor<3x4xi16>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
