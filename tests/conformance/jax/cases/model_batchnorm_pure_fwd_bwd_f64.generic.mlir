"builtin.module"() <{sym_name = "jit_model_batchnorm_pure_fwd_bwd_f64"}> ({
  "func.func"() <{arg_attrs = [{}, {}, {}, {}], function_type = (tensor<4x3x5x5xf64>, tensor<3xf64>, tensor<3xf64>, tensor<4x3x5x5xf64>) -> (tensor<4x3x5x5xf64>, tensor<4x3x5x5xf64>, tensor<3xf64>, tensor<3xf64>), res_attrs = [{jax.result_info = "result[0]"}, {jax.result_info = "result[1]"}, {jax.result_info = "result[2]"}, {jax.result_info = "result[3]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<4x3x5x5xf64>, %arg1: tensor<3xf64>, %arg2: tensor<3xf64>, %arg3: tensor<4x3x5x5xf64>):
    %0 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %1 = "stablehlo.reduce"(%arg0, %0) <{dimensions = array<i64: 0, 2, 3>}> ({
    ^bb0(%arg22: tensor<f64>, %arg23: tensor<f64>):
      %81 = "stablehlo.add"(%arg22, %arg23) : (tensor<f64>, tensor<f64>) -> tensor<f64>
      "stablehlo.return"(%81) : (tensor<f64>) -> ()
    }) : (tensor<4x3x5x5xf64>, tensor<f64>) -> tensor<3xf64>
    %2 = "stablehlo.broadcast_in_dim"(%1) <{broadcast_dimensions = array<i64: 1>}> : (tensor<3xf64>) -> tensor<1x3x1x1xf64>
    %3 = "stablehlo.constant"() <{value = dense<1.000000e+02> : tensor<f64>}> : () -> tensor<f64>
    %4 = "stablehlo.broadcast_in_dim"(%3) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<1x3x1x1xf64>
    %5 = "stablehlo.divide"(%2, %4) : (tensor<1x3x1x1xf64>, tensor<1x3x1x1xf64>) -> tensor<1x3x1x1xf64>
    %6 = "stablehlo.broadcast_in_dim"(%5) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x3x1x1xf64>) -> tensor<4x3x5x5xf64>
    %7 = "stablehlo.subtract"(%arg0, %6) : (tensor<4x3x5x5xf64>, tensor<4x3x5x5xf64>) -> tensor<4x3x5x5xf64>
    %8 = "stablehlo.multiply"(%7, %7) : (tensor<4x3x5x5xf64>, tensor<4x3x5x5xf64>) -> tensor<4x3x5x5xf64>
    %9 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %10 = "stablehlo.reduce"(%8, %9) <{dimensions = array<i64: 0, 2, 3>}> ({
    ^bb0(%arg20: tensor<f64>, %arg21: tensor<f64>):
      %80 = "stablehlo.add"(%arg20, %arg21) : (tensor<f64>, tensor<f64>) -> tensor<f64>
      "stablehlo.return"(%80) : (tensor<f64>) -> ()
    }) : (tensor<4x3x5x5xf64>, tensor<f64>) -> tensor<3xf64>
    %11 = "stablehlo.broadcast_in_dim"(%10) <{broadcast_dimensions = array<i64: 1>}> : (tensor<3xf64>) -> tensor<1x3x1x1xf64>
    %12 = "stablehlo.constant"() <{value = dense<1.000000e+02> : tensor<f64>}> : () -> tensor<f64>
    %13 = "stablehlo.broadcast_in_dim"(%12) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<1x3x1x1xf64>
    %14 = "stablehlo.divide"(%11, %13) : (tensor<1x3x1x1xf64>, tensor<1x3x1x1xf64>) -> tensor<1x3x1x1xf64>
    %15 = "stablehlo.constant"() <{value = dense<1.000000e-05> : tensor<f64>}> : () -> tensor<f64>
    %16 = "stablehlo.broadcast_in_dim"(%15) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<1x3x1x1xf64>
    %17 = "stablehlo.add"(%14, %16) : (tensor<1x3x1x1xf64>, tensor<1x3x1x1xf64>) -> tensor<1x3x1x1xf64>
    %18 = "stablehlo.rsqrt"(%17) : (tensor<1x3x1x1xf64>) -> tensor<1x3x1x1xf64>
    %19 = "stablehlo.divide"(%18, %17) : (tensor<1x3x1x1xf64>, tensor<1x3x1x1xf64>) -> tensor<1x3x1x1xf64>
    %20 = "stablehlo.constant"() <{value = dense<-5.000000e-01> : tensor<f64>}> : () -> tensor<f64>
    %21 = "stablehlo.broadcast_in_dim"(%20) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<1x3x1x1xf64>
    %22 = "stablehlo.multiply"(%21, %19) : (tensor<1x3x1x1xf64>, tensor<1x3x1x1xf64>) -> tensor<1x3x1x1xf64>
    %23 = "stablehlo.broadcast_in_dim"(%18) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x3x1x1xf64>) -> tensor<4x3x5x5xf64>
    %24 = "stablehlo.multiply"(%7, %23) : (tensor<4x3x5x5xf64>, tensor<4x3x5x5xf64>) -> tensor<4x3x5x5xf64>
    %25 = "stablehlo.broadcast_in_dim"(%arg1) <{broadcast_dimensions = array<i64: 1>}> : (tensor<3xf64>) -> tensor<1x3x1x1xf64>
    %26 = "stablehlo.broadcast_in_dim"(%25) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x3x1x1xf64>) -> tensor<4x3x5x5xf64>
    %27 = "stablehlo.multiply"(%26, %24) : (tensor<4x3x5x5xf64>, tensor<4x3x5x5xf64>) -> tensor<4x3x5x5xf64>
    %28 = "stablehlo.broadcast_in_dim"(%arg2) <{broadcast_dimensions = array<i64: 1>}> : (tensor<3xf64>) -> tensor<1x3x1x1xf64>
    %29 = "stablehlo.broadcast_in_dim"(%28) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x3x1x1xf64>) -> tensor<4x3x5x5xf64>
    %30 = "stablehlo.add"(%27, %29) : (tensor<4x3x5x5xf64>, tensor<4x3x5x5xf64>) -> tensor<4x3x5x5xf64>
    %31 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %32 = "stablehlo.reduce"(%arg3, %31) <{dimensions = array<i64: 0, 2, 3>}> ({
    ^bb0(%arg18: tensor<f64>, %arg19: tensor<f64>):
      %79 = "stablehlo.add"(%arg18, %arg19) : (tensor<f64>, tensor<f64>) -> tensor<f64>
      "stablehlo.return"(%79) : (tensor<f64>) -> ()
    }) : (tensor<4x3x5x5xf64>, tensor<f64>) -> tensor<3xf64>
    %33 = "stablehlo.reshape"(%32) : (tensor<3xf64>) -> tensor<1x3x1x1xf64>
    %34 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %35 = "stablehlo.reduce"(%33, %34) <{dimensions = array<i64: 0, 2, 3>}> ({
    ^bb0(%arg16: tensor<f64>, %arg17: tensor<f64>):
      %78 = "stablehlo.add"(%arg16, %arg17) : (tensor<f64>, tensor<f64>) -> tensor<f64>
      "stablehlo.return"(%78) : (tensor<f64>) -> ()
    }) : (tensor<1x3x1x1xf64>, tensor<f64>) -> tensor<3xf64>
    %36 = "stablehlo.broadcast_in_dim"(%25) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x3x1x1xf64>) -> tensor<4x3x5x5xf64>
    %37 = "stablehlo.multiply"(%36, %arg3) : (tensor<4x3x5x5xf64>, tensor<4x3x5x5xf64>) -> tensor<4x3x5x5xf64>
    %38 = "stablehlo.multiply"(%arg3, %24) : (tensor<4x3x5x5xf64>, tensor<4x3x5x5xf64>) -> tensor<4x3x5x5xf64>
    %39 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %40 = "stablehlo.reduce"(%38, %39) <{dimensions = array<i64: 0, 2, 3>}> ({
    ^bb0(%arg14: tensor<f64>, %arg15: tensor<f64>):
      %77 = "stablehlo.add"(%arg14, %arg15) : (tensor<f64>, tensor<f64>) -> tensor<f64>
      "stablehlo.return"(%77) : (tensor<f64>) -> ()
    }) : (tensor<4x3x5x5xf64>, tensor<f64>) -> tensor<3xf64>
    %41 = "stablehlo.reshape"(%40) : (tensor<3xf64>) -> tensor<1x3x1x1xf64>
    %42 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %43 = "stablehlo.reduce"(%41, %42) <{dimensions = array<i64: 0, 2, 3>}> ({
    ^bb0(%arg12: tensor<f64>, %arg13: tensor<f64>):
      %76 = "stablehlo.add"(%arg12, %arg13) : (tensor<f64>, tensor<f64>) -> tensor<f64>
      "stablehlo.return"(%76) : (tensor<f64>) -> ()
    }) : (tensor<1x3x1x1xf64>, tensor<f64>) -> tensor<3xf64>
    %44 = "stablehlo.multiply"(%7, %37) : (tensor<4x3x5x5xf64>, tensor<4x3x5x5xf64>) -> tensor<4x3x5x5xf64>
    %45 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %46 = "stablehlo.reduce"(%44, %45) <{dimensions = array<i64: 0, 2, 3>}> ({
    ^bb0(%arg10: tensor<f64>, %arg11: tensor<f64>):
      %75 = "stablehlo.add"(%arg10, %arg11) : (tensor<f64>, tensor<f64>) -> tensor<f64>
      "stablehlo.return"(%75) : (tensor<f64>) -> ()
    }) : (tensor<4x3x5x5xf64>, tensor<f64>) -> tensor<3xf64>
    %47 = "stablehlo.reshape"(%46) : (tensor<3xf64>) -> tensor<1x3x1x1xf64>
    %48 = "stablehlo.broadcast_in_dim"(%18) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x3x1x1xf64>) -> tensor<4x3x5x5xf64>
    %49 = "stablehlo.multiply"(%37, %48) : (tensor<4x3x5x5xf64>, tensor<4x3x5x5xf64>) -> tensor<4x3x5x5xf64>
    %50 = "stablehlo.multiply"(%47, %22) : (tensor<1x3x1x1xf64>, tensor<1x3x1x1xf64>) -> tensor<1x3x1x1xf64>
    %51 = "stablehlo.constant"() <{value = dense<1.000000e+02> : tensor<f64>}> : () -> tensor<f64>
    %52 = "stablehlo.broadcast_in_dim"(%51) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<1x3x1x1xf64>
    %53 = "stablehlo.divide"(%50, %52) : (tensor<1x3x1x1xf64>, tensor<1x3x1x1xf64>) -> tensor<1x3x1x1xf64>
    %54 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %55 = "stablehlo.reduce"(%53, %54) <{dimensions = array<i64: 0, 2, 3>}> ({
    ^bb0(%arg8: tensor<f64>, %arg9: tensor<f64>):
      %74 = "stablehlo.add"(%arg8, %arg9) : (tensor<f64>, tensor<f64>) -> tensor<f64>
      "stablehlo.return"(%74) : (tensor<f64>) -> ()
    }) : (tensor<1x3x1x1xf64>, tensor<f64>) -> tensor<3xf64>
    %56 = "stablehlo.broadcast_in_dim"(%55) <{broadcast_dimensions = array<i64: 1>}> : (tensor<3xf64>) -> tensor<4x3x5x5xf64>
    %57 = "stablehlo.multiply"(%7, %56) : (tensor<4x3x5x5xf64>, tensor<4x3x5x5xf64>) -> tensor<4x3x5x5xf64>
    %58 = "stablehlo.add"(%49, %57) : (tensor<4x3x5x5xf64>, tensor<4x3x5x5xf64>) -> tensor<4x3x5x5xf64>
    %59 = "stablehlo.multiply"(%56, %7) : (tensor<4x3x5x5xf64>, tensor<4x3x5x5xf64>) -> tensor<4x3x5x5xf64>
    %60 = "stablehlo.add"(%58, %59) : (tensor<4x3x5x5xf64>, tensor<4x3x5x5xf64>) -> tensor<4x3x5x5xf64>
    %61 = "stablehlo.negate"(%60) : (tensor<4x3x5x5xf64>) -> tensor<4x3x5x5xf64>
    %62 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %63 = "stablehlo.reduce"(%61, %62) <{dimensions = array<i64: 0, 2, 3>}> ({
    ^bb0(%arg6: tensor<f64>, %arg7: tensor<f64>):
      %73 = "stablehlo.add"(%arg6, %arg7) : (tensor<f64>, tensor<f64>) -> tensor<f64>
      "stablehlo.return"(%73) : (tensor<f64>) -> ()
    }) : (tensor<4x3x5x5xf64>, tensor<f64>) -> tensor<3xf64>
    %64 = "stablehlo.reshape"(%63) : (tensor<3xf64>) -> tensor<1x3x1x1xf64>
    %65 = "stablehlo.constant"() <{value = dense<1.000000e+02> : tensor<f64>}> : () -> tensor<f64>
    %66 = "stablehlo.broadcast_in_dim"(%65) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<1x3x1x1xf64>
    %67 = "stablehlo.divide"(%64, %66) : (tensor<1x3x1x1xf64>, tensor<1x3x1x1xf64>) -> tensor<1x3x1x1xf64>
    %68 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %69 = "stablehlo.reduce"(%67, %68) <{dimensions = array<i64: 0, 2, 3>}> ({
    ^bb0(%arg4: tensor<f64>, %arg5: tensor<f64>):
      %72 = "stablehlo.add"(%arg4, %arg5) : (tensor<f64>, tensor<f64>) -> tensor<f64>
      "stablehlo.return"(%72) : (tensor<f64>) -> ()
    }) : (tensor<1x3x1x1xf64>, tensor<f64>) -> tensor<3xf64>
    %70 = "stablehlo.broadcast_in_dim"(%69) <{broadcast_dimensions = array<i64: 1>}> : (tensor<3xf64>) -> tensor<4x3x5x5xf64>
    %71 = "stablehlo.add"(%60, %70) : (tensor<4x3x5x5xf64>, tensor<4x3x5x5xf64>) -> tensor<4x3x5x5xf64>
    "func.return"(%30, %71, %43, %35) : (tensor<4x3x5x5xf64>, tensor<4x3x5x5xf64>, tensor<3xf64>, tensor<3xf64>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
