"builtin.module"() <{sym_name = "jit_dot_general_outer_f64"}> ({
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<3xf64>, tensor<4xf64>) -> tensor<3x4xf64>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<3xf64>, %arg1: tensor<4xf64>):
    %0 = "stablehlo.dot_general"(%arg0, %arg1) <{dot_dimension_numbers = #stablehlo.dot<>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<3xf64>, tensor<4xf64>) -> tensor<3x4xf64>
    "func.return"(%0) : (tensor<3x4xf64>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
