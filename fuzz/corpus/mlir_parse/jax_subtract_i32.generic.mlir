"builtin.module"() <{sym_name = "jit_subtract_i32"}> ({
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<3x4xi32>, tensor<3x4xi32>) -> tensor<3x4xi32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<3x4xi32>, %arg1: tensor<3x4xi32>):
    %0 = "stablehlo.subtract"(%arg0, %arg1) : (tensor<3x4xi32>, tensor<3x4xi32>) -> tensor<3x4xi32>
    "func.return"(%0) : (tensor<3x4xi32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
