"builtin.module"() <{sym_name = "jit_dot_general_outer_i32"}> ({
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<3xi32>, tensor<4xi32>) -> tensor<3x4xi32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<3xi32>, %arg1: tensor<4xi32>):
    %0 = "stablehlo.dot_general"(%arg0, %arg1) <{dot_dimension_numbers = #stablehlo.dot<>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<3xi32>, tensor<4xi32>) -> tensor<3x4xi32>
    "func.return"(%0) : (tensor<3x4xi32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
