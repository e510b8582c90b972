"builtin.module"() <{sym_name = "jit_pad_1_ui8"}> ({
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<3x4xui8>) -> tensor<6x5xui8>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<3x4xui8>):
    %0 = "stablehlo.constant"() <{value = dense<7> : tensor<ui8>}> : () -> tensor<ui8>
    %1 = "stablehlo.pad"(%arg0, %0) <{edge_padding_high = array<i64: 2, -1>, edge_padding_low = array<i64: -1, 2>, interior_padding = array<i64: 1, 0>}> : (tensor<3x4xui8>, tensor<ui8>) -> tensor<6x5xui8>
    "func.return"(%1) : (tensor<6x5xui8>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
