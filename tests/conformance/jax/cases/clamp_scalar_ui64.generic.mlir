"builtin.module"() <{sym_name = "jit_clamp_scalar_ui64"}> ({
  "func.func"() <{arg_attrs = [{}, {}, {}], function_type = (tensor<ui64>, tensor<3x4xui64>, tensor<ui64>) -> tensor<3x4xui64>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<ui64>, %arg1: tensor<3x4xui64>, %arg2: tensor<ui64>):
    %0 = "stablehlo.broadcast_in_dim"(%arg0) <{broadcast_dimensions = array<i64>}> : (tensor<ui64>) -> tensor<3x4xui64>
    %1 = "stablehlo.broadcast_in_dim"(%arg2) <{broadcast_dimensions = array<i64>}> : (tensor<ui64>) -> tensor<3x4xui64>
    %2 = "stablehlo.clamp"(%0, %arg1, %1) : (tensor<3x4xui64>, tensor<3x4xui64>, tensor<3x4xui64>) -> tensor<3x4xui64>
    "func.return"(%2) : (tensor<3x4xui64>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
