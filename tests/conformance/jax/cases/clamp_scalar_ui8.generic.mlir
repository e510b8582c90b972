"builtin.module"() <{sym_name = "jit_clamp_scalar_ui8"}> ({
  "func.func"() <{arg_attrs = [{}, {}, {}], function_type = (tensor<ui8>, tensor<3x4xui8>, tensor<ui8>) -> tensor<3x4xui8>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<ui8>, %arg1: tensor<3x4xui8>, %arg2: tensor<ui8>):
    %0 = "stablehlo.broadcast_in_dim"(%arg0) <{broadcast_dimensions = array<i64>}> : (tensor<ui8>) -> tensor<3x4xui8>
    %1 = "stablehlo.broadcast_in_dim"(%arg2) <{broadcast_dimensions = array<i64>}> : (tensor<ui8>) -> tensor<3x4xui8>
    %2 = "stablehlo.clamp"(%0, %arg1, %1) : (tensor<3x4xui8>, tensor<3x4xui8>, tensor<3x4xui8>) -> tensor<3x4xui8>
    "func.return"(%2) : (tensor<3x4xui8>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
