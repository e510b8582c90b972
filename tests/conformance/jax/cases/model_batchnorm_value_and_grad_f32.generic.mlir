"builtin.module"() <{sym_name = "jit_model_batchnorm_value_and_grad_f32"}> ({
  "func.func"() <{arg_attrs = [{}, {}, {}, {}], function_type = (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3x4x4xf32>) -> (tensor<f32>, tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>), res_attrs = [{jax.result_info = "result[0]"}, {jax.result_info = "result[1]"}, {jax.result_info = "result[2]"}, {jax.result_info = "result[3]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<2x3x4x4xf32>, %arg1: tensor<3xf32>, %arg2: tensor<3xf32>, %arg3: tensor<2x3x4x4xf32>):
    %0 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1 = "stablehlo.reduce"(%arg0, %0) <{dimensions = array<i64: 0, 2, 3>}> ({
    ^bb0(%arg26: tensor<f32>, %arg27: tensor<f32>):
      %97 = "stablehlo.add"(%arg26, %arg27) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%97) : (tensor<f32>) -> ()
    }) : (tensor<2x3x4x4xf32>, tensor<f32>) -> tensor<3xf32>
    %2 = "stablehlo.broadcast_in_dim"(%1) <{broadcast_dimensions = array<i64: 1>}> : (tensor<3xf32>) -> tensor<1x3x1x1xf32>
    %3 = "stablehlo.constant"() <{value = dense<3.200000e+01> : tensor<f32>}> : () -> tensor<f32>
    %4 = "stablehlo.broadcast_in_dim"(%3) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<1x3x1x1xf32>
    %5 = "stablehlo.divide"(%2, %4) : (tensor<1x3x1x1xf32>, tensor<1x3x1x1xf32>) -> tensor<1x3x1x1xf32>
    %6 = "stablehlo.broadcast_in_dim"(%5) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x3x1x1xf32>) -> tensor<2x3x4x4xf32>
    %7 = "stablehlo.subtract"(%arg0, %6) : (tensor<2x3x4x4xf32>, tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32>
    %8 = "chlo.square"(%7) : (tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32>
    %9 = "stablehlo.constant"() <{value = dense<2.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %10 = "stablehlo.broadcast_in_dim"(%9) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x3x4x4xf32>
    %11 = "stablehlo.multiply"(%10, %7) : (tensor<2x3x4x4xf32>, tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32>
    %12 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %13 = "stablehlo.reduce"(%8, %12) <{dimensions = array<i64: 0, 2, 3>}> ({
    ^bb0(%arg24: tensor<f32>, %arg25: tensor<f32>):
      %96 = "stablehlo.add"(%arg24, %arg25) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%96) : (tensor<f32>) -> ()
    }) : (tensor<2x3x4x4xf32>, tensor<f32>) -> tensor<3xf32>
    %14 = "stablehlo.broadcast_in_dim"(%13) <{broadcast_dimensions = array<i64: 1>}> : (tensor<3xf32>) -> tensor<1x3x1x1xf32>
    %15 = "stablehlo.constant"() <{value = dense<3.200000e+01> : tensor<f32>}> : () -> tensor<f32>
    %16 = "stablehlo.broadcast_in_dim"(%15) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<1x3x1x1xf32>
    %17 = "stablehlo.divide"(%14, %16) : (tensor<1x3x1x1xf32>, tensor<1x3x1x1xf32>) -> tensor<1x3x1x1xf32>
    %18 = "stablehlo.broadcast_in_dim"(%5) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x3x1x1xf32>) -> tensor<2x3x4x4xf32>
    %19 = "stablehlo.subtract"(%arg0, %18) : (tensor<2x3x4x4xf32>, tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32>
    %20 = "stablehlo.constant"() <{value = dense<9.99999974E-6> : tensor<f32>}> : () -> tensor<f32>
    %21 = "stablehlo.broadcast_in_dim"(%20) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<1x3x1x1xf32>
    %22 = "stablehlo.add"(%17, %21) : (tensor<1x3x1x1xf32>, tensor<1x3x1x1xf32>) -> tensor<1x3x1x1xf32>
    %23 = "stablehlo.rsqrt"(%22) : (tensor<1x3x1x1xf32>) -> tensor<1x3x1x1xf32>
    %24 = "stablehlo.divide"(%23, %22) : (tensor<1x3x1x1xf32>, tensor<1x3x1x1xf32>) -> tensor<1x3x1x1xf32>
    %25 = "stablehlo.constant"() <{value = dense<-5.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %26 = "stablehlo.broadcast_in_dim"(%25) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<1x3x1x1xf32>
    %27 = "stablehlo.multiply"(%26, %24) : (tensor<1x3x1x1xf32>, tensor<1x3x1x1xf32>) -> tensor<1x3x1x1xf32>
    %28 = "stablehlo.broadcast_in_dim"(%23) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x3x1x1xf32>) -> tensor<2x3x4x4xf32>
    %29 = "stablehlo.multiply"(%19, %28) : (tensor<2x3x4x4xf32>, tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32>
    %30 = "stablehlo.broadcast_in_dim"(%arg1) <{broadcast_dimensions = array<i64: 1>}> : (tensor<3xf32>) -> tensor<1x3x1x1xf32>
    %31 = "stablehlo.broadcast_in_dim"(%30) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x3x1x1xf32>) -> tensor<2x3x4x4xf32>
    %32 = "stablehlo.multiply"(%31, %29) : (tensor<2x3x4x4xf32>, tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32>
    %33 = "stablehlo.broadcast_in_dim"(%arg2) <{broadcast_dimensions = array<i64: 1>}> : (tensor<3xf32>) -> tensor<1x3x1x1xf32>
    %34 = "stablehlo.broadcast_in_dim"(%33) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x3x1x1xf32>) -> tensor<2x3x4x4xf32>
    %35 = "stablehlo.add"(%32, %34) : (tensor<2x3x4x4xf32>, tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32>
    %36 = "stablehlo.multiply"(%35, %arg3) : (tensor<2x3x4x4xf32>, tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32>
    %37 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %38 = "stablehlo.reduce"(%36, %37) <{dimensions = array<i64: 0, 1, 2, 3>}> ({
    ^bb0(%arg22: tensor<f32>, %arg23: tensor<f32>):
      %95 = "stablehlo.add"(%arg22, %arg23) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%95) : (tensor<f32>) -> ()
    }) : (tensor<2x3x4x4xf32>, tensor<f32>) -> tensor<f32>
    %39 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %40 = "stablehlo.broadcast_in_dim"(%39) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x3x4x4xf32>
    %41 = "stablehlo.multiply"(%40, %arg3) : (tensor<2x3x4x4xf32>, tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32>
    %42 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %43 = "stablehlo.reduce"(%41, %42) <{dimensions = array<i64: 0, 2, 3>}> ({
    ^bb0(%arg20: tensor<f32>, %arg21: tensor<f32>):
      %94 = "stablehlo.add"(%arg20, %arg21) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%94) : (tensor<f32>) -> ()
    }) : (tensor<2x3x4x4xf32>, tensor<f32>) -> tensor<3xf32>
    %44 = "stablehlo.reshape"(%43) : (tensor<3xf32>) -> tensor<1x3x1x1xf32>
    %45 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %46 = "stablehlo.reduce"(%44, %45) <{dimensions = array<i64: 0, 2, 3>}> ({
    ^bb0(%arg18: tensor<f32>, %arg19: tensor<f32>):
      %93 = "stablehlo.add"(%arg18, %arg19) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%93) : (tensor<f32>) -> ()
    }) : (tensor<1x3x1x1xf32>, tensor<f32>) -> tensor<3xf32>
    %47 = "stablehlo.broadcast_in_dim"(%30) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x3x1x1xf32>) -> tensor<2x3x4x4xf32>
    %48 = "stablehlo.multiply"(%47, %41) : (tensor<2x3x4x4xf32>, tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32>
    %49 = "stablehlo.multiply"(%41, %29) : (tensor<2x3x4x4xf32>, tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32>
    %50 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %51 = "stablehlo.reduce"(%49, %50) <{dimensions = array<i64: 0, 2, 3>}> ({
    ^bb0(%arg16: tensor<f32>, %arg17: tensor<f32>):
      %92 = "stablehlo.add"(%arg16, %arg17) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%92) : (tensor<f32>) -> ()
    }) : (tensor<2x3x4x4xf32>, tensor<f32>) -> tensor<3xf32>
    %52 = "stablehlo.reshape"(%51) : (tensor<3xf32>) -> tensor<1x3x1x1xf32>
    %53 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %54 = "stablehlo.reduce"(%52, %53) <{dimensions = array<i64: 0, 2, 3>}> ({
    ^bb0(%arg14: tensor<f32>, %arg15: tensor<f32>):
      %91 = "stablehlo.add"(%arg14, %arg15) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%91) : (tensor<f32>) -> ()
    }) : (tensor<1x3x1x1xf32>, tensor<f32>) -> tensor<3xf32>
    %55 = "stablehlo.multiply"(%19, %48) : (tensor<2x3x4x4xf32>, tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32>
    %56 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %57 = "stablehlo.reduce"(%55, %56) <{dimensions = array<i64: 0, 2, 3>}> ({
    ^bb0(%arg12: tensor<f32>, %arg13: tensor<f32>):
      %90 = "stablehlo.add"(%arg12, %arg13) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%90) : (tensor<f32>) -> ()
    }) : (tensor<2x3x4x4xf32>, tensor<f32>) -> tensor<3xf32>
    %58 = "stablehlo.reshape"(%57) : (tensor<3xf32>) -> tensor<1x3x1x1xf32>
    %59 = "stablehlo.broadcast_in_dim"(%23) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x3x1x1xf32>) -> tensor<2x3x4x4xf32>
    %60 = "stablehlo.multiply"(%48, %59) : (tensor<2x3x4x4xf32>, tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32>
    %61 = "stablehlo.multiply"(%58, %27) : (tensor<1x3x1x1xf32>, tensor<1x3x1x1xf32>) -> tensor<1x3x1x1xf32>
    %62 = "stablehlo.negate"(%60) : (tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32>
    %63 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %64 = "stablehlo.reduce"(%62, %63) <{dimensions = array<i64: 0, 2, 3>}> ({
    ^bb0(%arg10: tensor<f32>, %arg11: tensor<f32>):
      %89 = "stablehlo.add"(%arg10, %arg11) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%89) : (tensor<f32>) -> ()
    }) : (tensor<2x3x4x4xf32>, tensor<f32>) -> tensor<3xf32>
    %65 = "stablehlo.reshape"(%64) : (tensor<3xf32>) -> tensor<1x3x1x1xf32>
    %66 = "stablehlo.constant"() <{value = dense<3.200000e+01> : tensor<f32>}> : () -> tensor<f32>
    %67 = "stablehlo.broadcast_in_dim"(%66) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<1x3x1x1xf32>
    %68 = "stablehlo.divide"(%61, %67) : (tensor<1x3x1x1xf32>, tensor<1x3x1x1xf32>) -> tensor<1x3x1x1xf32>
    %69 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %70 = "stablehlo.reduce"(%68, %69) <{dimensions = array<i64: 0, 2, 3>}> ({
    ^bb0(%arg8: tensor<f32>, %arg9: tensor<f32>):
      %88 = "stablehlo.add"(%arg8, %arg9) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%88) : (tensor<f32>) -> ()
    }) : (tensor<1x3x1x1xf32>, tensor<f32>) -> tensor<3xf32>
    %71 = "stablehlo.broadcast_in_dim"(%70) <{broadcast_dimensions = array<i64: 1>}> : (tensor<3xf32>) -> tensor<2x3x4x4xf32>
    %72 = "stablehlo.multiply"(%71, %11) : (tensor<2x3x4x4xf32>, tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32>
    %73 = "stablehlo.negate"(%72) : (tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32>
    %74 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %75 = "stablehlo.reduce"(%73, %74) <{dimensions = array<i64: 0, 2, 3>}> ({
    ^bb0(%arg6: tensor<f32>, %arg7: tensor<f32>):
      %87 = "stablehlo.add"(%arg6, %arg7) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%87) : (tensor<f32>) -> ()
    }) : (tensor<2x3x4x4xf32>, tensor<f32>) -> tensor<3xf32>
    %76 = "stablehlo.reshape"(%75) : (tensor<3xf32>) -> tensor<1x3x1x1xf32>
    %77 = "stablehlo.add"(%60, %72) : (tensor<2x3x4x4xf32>, tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32>
    %78 = "stablehlo.add"(%65, %76) : (tensor<1x3x1x1xf32>, tensor<1x3x1x1xf32>) -> tensor<1x3x1x1xf32>
    %79 = "stablehlo.constant"() <{value = dense<3.200000e+01> : tensor<f32>}> : () -> tensor<f32>
    %80 = "stablehlo.broadcast_in_dim"(%79) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<1x3x1x1xf32>
    %81 = "stablehlo.divide"(%78, %80) : (tensor<1x3x1x1xf32>, tensor<1x3x1x1xf32>) -> tensor<1x3x1x1xf32>
    %82 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %83 = "stablehlo.reduce"(%81, %82) <{dimensions = array<i64: 0, 2, 3>}> ({
    ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
      %86 = "stablehlo.add"(%arg4, %arg5) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%86) : (tensor<f32>) -> ()
    }) : (tensor<1x3x1x1xf32>, tensor<f32>) -> tensor<3xf32>
    %84 = "stablehlo.broadcast_in_dim"(%83) <{broadcast_dimensions = array<i64: 1>}> : (tensor<3xf32>) -> tensor<2x3x4x4xf32>
    %85 = "stablehlo.add"(%77, %84) : (tensor<2x3x4x4xf32>, tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32>
    "func.return"(%38, %85, %54, %46) : (tensor<f32>, tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
