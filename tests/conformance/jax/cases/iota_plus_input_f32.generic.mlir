"builtin.module"() <{sym_name = "jit_iota_plus_input_f32"}> ({
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<4x5xf32>) -> tensor<4x5xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<4x5xf32>):
    %0 = "stablehlo.iota"() <{iota_dimension = 0 : i64}> : () -> tensor<4x5xf32>
    %1 = "stablehlo.constant"() <{value = dense<1.000000e+01> : tensor<f32>}> : () -> tensor<f32>
    %2 = "stablehlo.broadcast_in_dim"(%1) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x5xf32>
    %3 = "stablehlo.multiply"(%0, %2) : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
    %4 = "stablehlo.add"(%arg0, %3) : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
    "func.return"(%4) : (tensor<4x5xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
