"builtin.module"() <{sym_name = "jit_dynamic_slice_nonneg_2_i32"}> ({
  "func.func"() <{arg_attrs = [{}, {}, {}], function_type = (tensor<6x8xi32>, tensor<i32>, tensor<i32>) -> tensor<3x4xi32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<6x8xi32>, %arg1: tensor<i32>, %arg2: tensor<i32>):
    %0 = "stablehlo.dynamic_slice"(%arg0, %arg1, %arg2) <{slice_sizes = array<i64: 3, 4>}> : (tensor<6x8xi32>, tensor<i32>, tensor<i32>) -> tensor<3x4xi32>
    "func.return"(%0) : (tensor<3x4xi32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
