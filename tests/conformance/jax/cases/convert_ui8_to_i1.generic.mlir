"builtin.module"() <{sym_name = "jit_convert_ui8_to_i1"}> ({
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<3x4xui8>) -> tensor<3x4xi1>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<3x4xui8>):
    %0 = "stablehlo.constant"() <{value = dense<0> : tensor<ui8>}> : () -> tensor<ui8>
    %1 = "stablehlo.broadcast_in_dim"(%0) <{broadcast_dimensions = array<i64>}> : (tensor<ui8>) -> tensor<3x4xui8>
    %2 = "stablehlo.compare"(%arg0, %1) <{compare_type = #stablehlo<comparison_type UNSIGNED>, comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<3x4xui8>, tensor<3x4xui8>) -> tensor<3x4xi1>
    %3 = "stablehlo.convert"(%2) : (tensor<3x4xi1>) -> tensor<3x4xi1>
    "func.return"(%3) : (tensor<3x4xi1>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
