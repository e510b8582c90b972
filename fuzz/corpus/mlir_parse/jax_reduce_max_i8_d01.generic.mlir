"builtin.module"() <{sym_name = "jit_reduce_max_i8_d01"}> ({
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<4x5xi8>) -> tensor<i8>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<4x5xi8>):
    %0 = "stablehlo.constant"() <{value = dense<-128> : tensor<i8>}> : () -> tensor<i8>
    %1 = "stablehlo.reduce"(%arg0, %0) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg1: tensor<i8>, %arg2: tensor<i8>):
      %2 = "stablehlo.maximum"(%arg1, %arg2) : (tensor<i8>, tensor<i8>) -> tensor<i8>
      "stablehlo.return"(%2) : (tensor<i8>) -> ()
    }) : (tensor<4x5xi8>, tensor<i8>) -> tensor<i8>
    "func.return"(%1) : (tensor<i8>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
