"builtin.module"() <{sym_name = "jit_dynamic_slice_idx_ui32"}> ({
  "func.func"() <{arg_attrs = [{}, {}, {}, {}], function_type = (tensor<5x5x4xf32>, tensor<ui32>, tensor<ui32>, tensor<ui32>) -> tensor<2x3x4xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<5x5x4xf32>, %arg1: tensor<ui32>, %arg2: tensor<ui32>, %arg3: tensor<ui32>):
    %0 = "stablehlo.dynamic_slice"(%arg0, %arg1, %arg2, %arg3) <{slice_sizes = array<i64: 2, 3, 4>}> : (tensor<5x5x4xf32>, tensor<ui32>, tensor<ui32>, tensor<ui32>) -> tensor<2x3x4xf32>
    "func.return"(%0) : (tensor<2x3x4xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
