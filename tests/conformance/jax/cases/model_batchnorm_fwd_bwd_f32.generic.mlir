"builtin.module"() <{sym_name = "jit_model_batchnorm_fwd_bwd_f64"}> ({
  "func.func"() <{arg_attrs = [{}, {}, {}, {}], function_type = (tensor<4x3x5x5xf32>, tensor<3xf32>, tensor<3xf32>, tensor<4x3x5x5xf32>) -> (tensor<4x3x5x5xf32>, tensor<4x3x5x5xf32>, tensor<3xf32>, tensor<3xf32>), res_attrs = [{jax.result_info = "result[0]"}, {jax.result_info = "result[1]"}, {jax.result_info = "result[2]"}, {jax.result_info = "result[3]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<4x3x5x5xf32>, %arg1: tensor<3xf32>, %arg2: tensor<3xf32>, %arg3: tensor<4x3x5x5xf32>):
    %0 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1 = "stablehlo.reduce"(%arg0, %0) <{dimensions = array<i64: 0, 2, 3>}> ({
    ^bb0(%arg24: tensor<f32>, %arg25: tensor<f32>):
      %90 = "stablehlo.add"(%arg24, %arg25) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%90) : (tensor<f32>) -> ()
    }) : (tensor<4x3x5x5xf32>, tensor<f32>) -> tensor<3xf32>
    %2 = "stablehlo.broadcast_in_dim"(%1) <{broadcast_dimensions = array<i64: 1>}> : (tensor<3xf32>) -> tensor<1x3x1x1xf32>
    %3 = "stablehlo.constant"() <{value = dense<1.000000e+02> : tensor<f32>}> : () -> tensor<f32>
    %4 = "stablehlo.broadcast_in_dim"(%3) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<1x3x1x1xf32>
    %5 = "stablehlo.divide"(%2, %4) : (tensor<1x3x1x1xf32>, tensor<1x3x1x1xf32>) -> tensor<1x3x1x1xf32>
    %6 = "stablehlo.broadcast_in_dim"(%5) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x3x1x1xf32>) -> tensor<4x3x5x5xf32>
    %7 = "stablehlo.subtract"(%arg0, %6) : (tensor<4x3x5x5xf32>, tensor<4x3x5x5xf32>) -> tensor<4x3x5x5xf32>
    %8 = "chlo.square"(%7) : (tensor<4x3x5x5xf32>) -> tensor<4x3x5x5xf32>
    %9 = "stablehlo.constant"() <{value = dense<2.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %10 = "stablehlo.broadcast_in_dim"(%9) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x3x5x5xf32>
    %11 = "stablehlo.multiply"(%10, %7) : (tensor<4x3x5x5xf32>, tensor<4x3x5x5xf32>) -> tensor<4x3x5x5xf32>
    %12 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %13 = "stablehlo.reduce"(%8, %12) <{dimensions = array<i64: 0, 2, 3>}> ({
    ^bb0(%arg22: tensor<f32>, %arg23: tensor<f32>):
      %89 = "stablehlo.add"(%arg22, %arg23) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%89) : (tensor<f32>) -> ()
    }) : (tensor<4x3x5x5xf32>, tensor<f32>) -> tensor<3xf32>
    %14 = "stablehlo.broadcast_in_dim"(%13) <{broadcast_dimensions = array<i64: 1>}> : (tensor<3xf32>) -> tensor<1x3x1x1xf32>
    %15 = "stablehlo.constant"() <{value = dense<1.000000e+02> : tensor<f32>}> : () -> tensor<f32>
    %16 = "stablehlo.broadcast_in_dim"(%15) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<1x3x1x1xf32>
    %17 = "stablehlo.divide"(%14, %16) : (tensor<1x3x1x1xf32>, tensor<1x3x1x1xf32>) -> tensor<1x3x1x1xf32>
    %18 = "stablehlo.broadcast_in_dim"(%5) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x3x1x1xf32>) -> tensor<4x3x5x5xf32>
    %19 = "stablehlo.subtract"(%arg0, %18) : (tensor<4x3x5x5xf32>, tensor<4x3x5x5xf32>) -> tensor<4x3x5x5xf32>
    %20 = "stablehlo.constant"() <{value = dense<9.99999974E-6> : tensor<f32>}> : () -> tensor<f32>
    %21 = "stablehlo.broadcast_in_dim"(%20) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<1x3x1x1xf32>
    %22 = "stablehlo.add"(%17, %21) : (tensor<1x3x1x1xf32>, tensor<1x3x1x1xf32>) -> tensor<1x3x1x1xf32>
    %23 = "stablehlo.rsqrt"(%22) : (tensor<1x3x1x1xf32>) -> tensor<1x3x1x1xf32>
    %24 = "stablehlo.divide"(%23, %22) : (tensor<1x3x1x1xf32>, tensor<1x3x1x1xf32>) -> tensor<1x3x1x1xf32>
    %25 = "stablehlo.constant"() <{value = dense<-5.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %26 = "stablehlo.broadcast_in_dim"(%25) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<1x3x1x1xf32>
    %27 = "stablehlo.multiply"(%26, %24) : (tensor<1x3x1x1xf32>, tensor<1x3x1x1xf32>) -> tensor<1x3x1x1xf32>
    %28 = "stablehlo.broadcast_in_dim"(%23) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x3x1x1xf32>) -> tensor<4x3x5x5xf32>
    %29 = "stablehlo.multiply"(%19, %28) : (tensor<4x3x5x5xf32>, tensor<4x3x5x5xf32>) -> tensor<4x3x5x5xf32>
    %30 = "stablehlo.broadcast_in_dim"(%arg1) <{broadcast_dimensions = array<i64: 1>}> : (tensor<3xf32>) -> tensor<1x3x1x1xf32>
    %31 = "stablehlo.broadcast_in_dim"(%30) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x3x1x1xf32>) -> tensor<4x3x5x5xf32>
    %32 = "stablehlo.multiply"(%31, %29) : (tensor<4x3x5x5xf32>, tensor<4x3x5x5xf32>) -> tensor<4x3x5x5xf32>
    %33 = "stablehlo.broadcast_in_dim"(%arg2) <{broadcast_dimensions = array<i64: 1>}> : (tensor<3xf32>) -> tensor<1x3x1x1xf32>
    %34 = "stablehlo.broadcast_in_dim"(%33) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x3x1x1xf32>) -> tensor<4x3x5x5xf32>
    %35 = "stablehlo.add"(%32, %34) : (tensor<4x3x5x5xf32>, tensor<4x3x5x5xf32>) -> tensor<4x3x5x5xf32>
    %36 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %37 = "stablehlo.reduce"(%arg3, %36) <{dimensions = array<i64: 0, 2, 3>}> ({
    ^bb0(%arg20: tensor<f32>, %arg21: tensor<f32>):
      %88 = "stablehlo.add"(%arg20, %arg21) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%88) : (tensor<f32>) -> ()
    }) : (tensor<4x3x5x5xf32>, tensor<f32>) -> tensor<3xf32>
    %38 = "stablehlo.reshape"(%37) : (tensor<3xf32>) -> tensor<1x3x1x1xf32>
    %39 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %40 = "stablehlo.reduce"(%38, %39) <{dimensions = array<i64: 0, 2, 3>}> ({
    ^bb0(%arg18: tensor<f32>, %arg19: tensor<f32>):
      %87 = "stablehlo.add"(%arg18, %arg19) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%87) : (tensor<f32>) -> ()
    }) : (tensor<1x3x1x1xf32>, tensor<f32>) -> tensor<3xf32>
    %41 = "stablehlo.broadcast_in_dim"(%30) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x3x1x1xf32>) -> tensor<4x3x5x5xf32>
    %42 = "stablehlo.multiply"(%41, %arg3) : (tensor<4x3x5x5xf32>, tensor<4x3x5x5xf32>) -> tensor<4x3x5x5xf32>
    %43 = "stablehlo.multiply"(%arg3, %29) : (tensor<4x3x5x5xf32>, tensor<4x3x5x5xf32>) -> tensor<4x3x5x5xf32>
    %44 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %45 = "stablehlo.reduce"(%43, %44) <{dimensions = array<i64: 0, 2, 3>}> ({
    ^bb0(%arg16: tensor<f32>, %arg17: tensor<f32>):
      %86 = "stablehlo.add"(%arg16, %arg17) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%86) : (tensor<f32>) -> ()
    }) : (tensor<4x3x5x5xf32>, tensor<f32>) -> tensor<3xf32>
    %46 = "stablehlo.reshape"(%45) : (tensor<3xf32>) -> tensor<1x3x1x1xf32>
    %47 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %48 = "stablehlo.reduce"(%46, %47) <{dimensions = array<i64: 0, 2, 3>}> ({
    ^bb0(%arg14: tensor<f32>, %arg15: tensor<f32>):
      %85 = "stablehlo.add"(%arg14, %arg15) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%85) : (tensor<f32>) -> ()
    }) : (tensor<1x3x1x1xf32>, tensor<f32>) -> tensor<3xf32>
    %49 = "stablehlo.multiply"(%19, %42) : (tensor<4x3x5x5xf32>, tensor<4x3x5x5xf32>) -> tensor<4x3x5x5xf32>
    %50 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %51 = "stablehlo.reduce"(%49, %50) <{dimensions = array<i64: 0, 2, 3>}> ({
    ^bb0(%arg12: tensor<f32>, %arg13: tensor<f32>):
      %84 = "stablehlo.add"(%arg12, %arg13) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%84) : (tensor<f32>) -> ()
    }) : (tensor<4x3x5x5xf32>, tensor<f32>) -> tensor<3xf32>
    %52 = "stablehlo.reshape"(%51) : (tensor<3xf32>) -> tensor<1x3x1x1xf32>
    %53 = "stablehlo.broadcast_in_dim"(%23) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x3x1x1xf32>) -> tensor<4x3x5x5xf32>
    %54 = "stablehlo.multiply"(%42, %53) : (tensor<4x3x5x5xf32>, tensor<4x3x5x5xf32>) -> tensor<4x3x5x5xf32>
    %55 = "stablehlo.multiply"(%52, %27) : (tensor<1x3x1x1xf32>, tensor<1x3x1x1xf32>) -> tensor<1x3x1x1xf32>
    %56 = "stablehlo.negate"(%54) : (tensor<4x3x5x5xf32>) -> tensor<4x3x5x5xf32>
    %57 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %58 = "stablehlo.reduce"(%56, %57) <{dimensions = array<i64: 0, 2, 3>}> ({
    ^bb0(%arg10: tensor<f32>, %arg11: tensor<f32>):
      %83 = "stablehlo.add"(%arg10, %arg11) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%83) : (tensor<f32>) -> ()
    }) : (tensor<4x3x5x5xf32>, tensor<f32>) -> tensor<3xf32>
    %59 = "stablehlo.reshape"(%58) : (tensor<3xf32>) -> tensor<1x3x1x1xf32>
    %60 = "stablehlo.constant"() <{value = dense<1.000000e+02> : tensor<f32>}> : () -> tensor<f32>
    %61 = "stablehlo.broadcast_in_dim"(%60) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<1x3x1x1xf32>
    %62 = "stablehlo.divide"(%55, %61) : (tensor<1x3x1x1xf32>, tensor<1x3x1x1xf32>) -> tensor<1x3x1x1xf32>
    %63 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %64 = "stablehlo.reduce"(%62, %63) <{dimensions = array<i64: 0, 2, 3>}> ({
    ^bb0(%arg8: tensor<f32>, %arg9: tensor<f32>):
      %82 = "stablehlo.add"(%arg8, %arg9) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%82) : (tensor<f32>) -> ()
    }) : (tensor<1x3x1x1xf32>, tensor<f32>) -> tensor<3xf32>
    %65 = "stablehlo.broadcast_in_dim"(%64) <{broadcast_dimensions = array<i64: 1>}> : (tensor<3xf32>) -> tensor<4x3x5x5xf32>
    %66 = "stablehlo.multiply"(%65, %11) : (tensor<4x3x5x5xf32>, tensor<4x3x5x5xf32>) -> tensor<4x3x5x5xf32>
    %67 = "stablehlo.negate"(%66) : (tensor<4x3x5x5xf32>) -> tensor<4x3x5x5xf32>
    %68 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %69 = "stablehlo.reduce"(%67, %68) <{dimensions = array<i64: 0, 2, 3>}> ({
    ^bb0(%arg6: tensor<f32>, %arg7: tensor<f32>):
      %81 = "stablehlo.add"(%arg6, %arg7) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%81) : (tensor<f32>) -> ()
    }) : (tensor<4x3x5x5xf32>, tensor<f32>) -> tensor<3xf32>
    %70 = "stablehlo.reshape"(%69) : (tensor<3xf32>) -> tensor<1x3x1x1xf32>
    %71 = "stablehlo.add"(%54, %66) : (tensor<4x3x5x5xf32>, tensor<4x3x5x5xf32>) -> tensor<4x3x5x5xf32>
    %72 = "stablehlo.add"(%59, %70) : (tensor<1x3x1x1xf32>, tensor<1x3x1x1xf32>) -> tensor<1x3x1x1xf32>
    %73 = "stablehlo.constant"() <{value = dense<1.000000e+02> : tensor<f32>}> : () -> tensor<f32>
    %74 = "stablehlo.broadcast_in_dim"(%73) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<1x3x1x1xf32>
    %75 = "stablehlo.divide"(%72, %74) : (tensor<1x3x1x1xf32>, tensor<1x3x1x1xf32>) -> tensor<1x3x1x1xf32>
    %76 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %77 = "stablehlo.reduce"(%75, %76) <{dimensions = array<i64: 0, 2, 3>}> ({
    ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
      %80 = "stablehlo.add"(%arg4, %arg5) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%80) : (tensor<f32>) -> ()
    }) : (tensor<1x3x1x1xf32>, tensor<f32>) -> tensor<3xf32>
    %78 = "stablehlo.broadcast_in_dim"(%77) <{broadcast_dimensions = array<i64: 1>}> : (tensor<3xf32>) -> tensor<4x3x5x5xf32>
    %79 = "stablehlo.add"(%71, %78) : (tensor<4x3x5x5xf32>, tensor<4x3x5x5xf32>) -> tensor<4x3x5x5xf32>
    "func.return"(%35, %79, %48, %40) : (tensor<4x3x5x5xf32>, tensor<4x3x5x5xf32>, tensor<3xf32>, tensor<3xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
