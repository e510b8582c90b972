"builtin.module"() <{sym_name = "jit_slice_1_i8"}> ({
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<6x8xi8>) -> tensor<6x8xi8>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<6x8xi8>):
    %0 = "stablehlo.slice"(%arg0) <{limit_indices = array<i64: 6, 8>, start_indices = array<i64: 0, 0>, strides = array<i64: 1, 1>}> : (tensor<6x8xi8>) -> tensor<6x8xi8>
    "func.return"(%0) : (tensor<6x8xi8>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
