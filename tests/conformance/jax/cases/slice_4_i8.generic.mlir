"builtin.module"() <{sym_name = "jit_slice_4_i8"}> ({
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<7xi8>) -> tensor<3xi8>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<7xi8>):
    %0 = "stablehlo.slice"(%arg0) <{limit_indices = array<i64: 7>, start_indices = array<i64: 0>, strides = array<i64: 3>}> : (tensor<7xi8>) -> tensor<3xi8>
    "func.return"(%0) : (tensor<3xi8>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
