"builtin.module"() <{sym_name = "jit_clamp_scalar_f64"}> ({
  "func.func"() <{arg_attrs = [{}, {}, {}], function_type = (tensor<f64>, tensor<3x4xf64>, tensor<f64>) -> tensor<3x4xf64>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<f64>, %arg1: tensor<3x4xf64>, %arg2: tensor<f64>):
    %0 = "stablehlo.broadcast_in_dim"(%arg0) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<3x4xf64>
    %1 = "stablehlo.broadcast_in_dim"(%arg2) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<3x4xf64>
    %2 = "stablehlo.clamp"(%0, %arg1, %1) : (tensor<3x4xf64>, tensor<3x4xf64>, tensor<3x4xf64>) -> tensor<3x4xf64>
    "func.return"(%2) : (tensor<3x4xf64>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
