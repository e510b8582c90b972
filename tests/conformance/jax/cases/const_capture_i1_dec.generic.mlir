"builtin.module"() <{sym_name = "jit_const_capture_i1_dec"}> ({
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<6x5xi1>) -> tensor<6x5xi1>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<6x5xi1>):
    %0 = "stablehlo.constant"() <{value = dense<[[false, true, true, true, false], [false, true, true, true, false], [true, true, false, true, true], [false, true, true, true, false], [true, true, false, true, true], [true, false, false, false, true]]> : tensor<6x5xi1>}> : () -> tensor<6x5xi1>
    %1 = "stablehlo.xor"(%arg0, %0) : (tensor<6x5xi1>, tensor<6x5xi1>) -> tensor<6x5xi1>
    "func.return"(%1) : (tensor<6x5xi1>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
