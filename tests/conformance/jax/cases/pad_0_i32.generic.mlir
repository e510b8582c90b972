"builtin.module"() <{sym_name = "jit_pad_0_i32"}> ({
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<3x4xi32>) -> tensor<6x8xi32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<3x4xi32>):
    %0 = "stablehlo.constant"() <{value = dense<-1> : tensor<i32>}> : () -> tensor<i32>
    %1 = "stablehlo.pad"(%arg0, %0) <{edge_padding_high = array<i64: 2, 1>, edge_padding_low = array<i64: 1, 0>, interior_padding = array<i64: 0, 1>}> : (tensor<3x4xi32>, tensor<i32>) -> tensor<6x8xi32>
    "func.return"(%1) : (tensor<6x8xi32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
