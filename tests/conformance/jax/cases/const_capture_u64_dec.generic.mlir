"builtin.module"() <{sym_name = "jit_const_capture_u64_dec"}> ({
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<5xui64>) -> tensor<5xui64>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<5xui64>):
    %0 = "stablehlo.constant"() <{value = dense<[0, 1, 9223372036854775808, 18446744073709551615, 12345678901234567890]> : tensor<5xui64>}> : () -> tensor<5xui64>
    %1 = "stablehlo.xor"(%arg0, %0) : (tensor<5xui64>, tensor<5xui64>) -> tensor<5xui64>
    "func.return"(%1) : (tensor<5xui64>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
