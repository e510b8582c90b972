"builtin.module"() <{sym_name = "jit_dot_general_two_batch_i32"}> ({
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<2x3x4x5xi32>, tensor<2x3x5x2xi32>) -> tensor<2x3x4x2xi32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<2x3x4x5xi32>, %arg1: tensor<2x3x5x2xi32>):
    %0 = "stablehlo.dot_general"(%arg0, %arg1) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 1], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x3x4x5xi32>, tensor<2x3x5x2xi32>) -> tensor<2x3x4x2xi32>
    "func.return"(%0) : (tensor<2x3x4x2xi32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
