"builtin.module"() <{sym_name = "jit_clamp_scalar_i32"}> ({
  "func.func"() <{arg_attrs = [{}, {}, {}], function_type = (tensor<i32>, tensor<3x4xi32>, tensor<i32>) -> tensor<3x4xi32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<i32>, %arg1: tensor<3x4xi32>, %arg2: tensor<i32>):
    %0 = "stablehlo.broadcast_in_dim"(%arg0) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<3x4xi32>
    %1 = "stablehlo.broadcast_in_dim"(%arg2) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<3x4xi32>
    %2 = "stablehlo.clamp"(%0, %arg1, %1) : (tensor<3x4xi32>, tensor<3x4xi32>, tensor<3x4xi32>) -> tensor<3x4xi32>
    "func.return"(%2) : (tensor<3x4xi32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
