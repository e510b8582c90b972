"builtin.module"() <{sym_name = "jit_slice_5_i8"}> ({
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<4x4xi8>) -> tensor<2x2xi8>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<4x4xi8>):
    %0 = "stablehlo.slice"(%arg0) <{limit_indices = array<i64: 4, 3>, start_indices = array<i64: 2, 1>, strides = array<i64: 1, 1>}> : (tensor<4x4xi8>) -> tensor<2x2xi8>
    "func.return"(%0) : (tensor<2x2xi8>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
