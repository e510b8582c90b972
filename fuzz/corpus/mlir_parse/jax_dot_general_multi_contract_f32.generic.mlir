"builtin.module"() <{sym_name = "jit_dot_general_multi_contract_f32"}> ({
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<2x3x4xf32>, tensor<3x4x5xf32>) -> tensor<2x5xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<2x3x4xf32>, %arg1: tensor<3x4x5xf32>):
    %0 = "stablehlo.dot_general"(%arg0, %arg1) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1, 2], rhs_contracting_dimensions = [0, 1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x3x4xf32>, tensor<3x4x5xf32>) -> tensor<2x5xf32>
    "func.return"(%0) : (tensor<2x5xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
