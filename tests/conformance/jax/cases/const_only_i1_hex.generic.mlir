"builtin.module"() <{sym_name = "jit_const_only_i1_hex"}> ({
  "func.func"() <{arg_attrs = [], function_type = () -> tensor<12x12xi1>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
    %0 = "stablehlo.constant"() <{value = dense<"0x010101010100000101000101010100010001010100010101010100010100000000010000000101000000010101000000000000000000010001000000000101000000000000000000010001010101000001000000010001010001000000000101010101000001000100010100010001000000000101000001000000000001000101010101010001010100000100010100"> : tensor<12x12xi1>}> : () -> tensor<12x12xi1>
    "func.return"(%0) : (tensor<12x12xi1>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
