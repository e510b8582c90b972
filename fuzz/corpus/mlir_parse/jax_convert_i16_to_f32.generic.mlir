"builtin.module"() <{sym_name = "jit_convert_i16_to_f32"}> ({
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<3x4xi16>) -> tensor<3x4xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<3x4xi16>):
    %0 = "stablehlo.convert"(%arg0) : (tensor<3x4xi16>) -> tensor<3x4xf32>
    "func.return"(%0) : (tensor<3x4xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
