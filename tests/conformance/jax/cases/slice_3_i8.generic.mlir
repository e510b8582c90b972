"builtin.module"() <{sym_name = "jit_slice_3_i8"}> ({
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<10xi8>) -> tensor<1xi8>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<10xi8>):
    %0 = "stablehlo.slice"(%arg0) <{limit_indices = array<i64: 10>, start_indices = array<i64: 9>, strides = array<i64: 1>}> : (tensor<10xi8>) -> tensor<1xi8>
    "func.return"(%0) : (tensor<1xi8>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
