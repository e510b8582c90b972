"builtin.module"() <{sym_name = "jit_const_capture_i64_dec"}> ({
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<4x5xi64>) -> tensor<4x5xi64>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<4x5xi64>):
    %0 = "stablehlo.constant"() <{value = dense<[[530728991657, -177771793044, 27688370516, -81484035720, 38409472676], [-215738103476, 108685290838, -369153372917, 27859070789, -177384165190], [-530607282216, 216046222547, 880266843368, 2630902029, 693781258974], [917534806989, 8030503520, 686204242098, -217651600129, -226561212072]]> : tensor<4x5xi64>}> : () -> tensor<4x5xi64>
    %1 = "stablehlo.add"(%arg0, %0) : (tensor<4x5xi64>, tensor<4x5xi64>) -> tensor<4x5xi64>
    "func.return"(%1) : (tensor<4x5xi64>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
