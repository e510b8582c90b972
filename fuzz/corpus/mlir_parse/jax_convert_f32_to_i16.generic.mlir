"builtin.module"() <{sym_name = "jit_convert_f32_to_i16"}> ({
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<3x4xf32>) -> tensor<3x4xi16>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<3x4xf32>):
    %0 = "stablehlo.convert"(%arg0) : (tensor<3x4xf32>) -> tensor<3x4xi16>
    "func.return"(%0) : (tensor<3x4xi16>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
