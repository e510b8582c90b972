"builtin.module"() <{sym_name = "jit_const_capture_u8_hex"}> ({
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<128xui8>) -> tensor<128xui8>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<128xui8>):
    %0 = "stablehlo.constant"() <{value = dense<"0x500AEB921C2327939D0B2B6F6CD71EDA25E067079A8ABB3F727FB7766E1A1AF6287F35038E49A3B5AD5D472B448716722A80813245355FB3B15FF3A836944D21214EE665143913E459ACED4E0F7A315F16D26B2312A3B967249E296BFC4E263C2AAA68580CF7157CD091A8A1EF4C28058845D1A201FDC38C84D117248BFE5514"> : tensor<128xui8>}> : () -> tensor<128xui8>
    %1 = "stablehlo.xor"(%arg0, %0) : (tensor<128xui8>, tensor<128xui8>) -> tensor<128xui8>
    "func.return"(%1) : (tensor<128xui8>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
