"builtin.module"() <{sym_name = "jit_pad_1_f32"}> ({
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<3x4xf32>) -> tensor<6x5xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<3x4xf32>):
    %0 = "stablehlo.constant"() <{value = dense<-1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1 = "stablehlo.pad"(%arg0, %0) <{edge_padding_high = array<i64: 2, -1>, edge_padding_low = array<i64: -1, 2>, interior_padding = array<i64: 1, 0>}> : (tensor<3x4xf32>, tensor<f32>) -> tensor<6x5xf32>
    "func.return"(%1) : (tensor<6x5xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
