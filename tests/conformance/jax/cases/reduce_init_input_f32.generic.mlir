"builtin.module"() <{sym_name = "jit_reduce_init_input_f32"}> ({
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<3x4xf32>, tensor<f32>) -> tensor<4xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<3x4xf32>, %arg1: tensor<f32>):
    %0 = "stablehlo.reduce"(%arg0, %arg1) <{dimensions = array<i64: 0>}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %1 = "stablehlo.maximum"(%arg2, %arg3) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%1) : (tensor<f32>) -> ()
    }) : (tensor<3x4xf32>, tensor<f32>) -> tensor<4xf32>
    "func.return"(%0) : (tensor<4xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
