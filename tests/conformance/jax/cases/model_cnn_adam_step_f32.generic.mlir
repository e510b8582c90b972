"builtin.module"() <{sym_name = "jit_model_cnn_adam_step_f64"}> ({
  "func.func"() <{arg_attrs = [{}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}], function_type = (tensor<4x1x12x12xf32>, tensor<4xi32>, tensor<f32>, tensor<4x1x3x3xf32>, tensor<4xf32>, tensor<144x10xf32>, tensor<10xf32>, tensor<4x1x3x3xf32>, tensor<4xf32>, tensor<144x10xf32>, tensor<10xf32>, tensor<4x1x3x3xf32>, tensor<4xf32>, tensor<144x10xf32>, tensor<10xf32>) -> (tensor<f32>, tensor<4x1x3x3xf32>, tensor<4xf32>, tensor<144x10xf32>, tensor<10xf32>, tensor<4x1x3x3xf32>, tensor<4xf32>, tensor<144x10xf32>, tensor<10xf32>, tensor<4x1x3x3xf32>, tensor<4xf32>, tensor<144x10xf32>, tensor<10xf32>), res_attrs = [{jax.result_info = "result[0]"}, {jax.result_info = "result[1]"}, {jax.result_info = "result[2]"}, {jax.result_info = "result[3]"}, {jax.result_info = "result[4]"}, {jax.result_info = "result[5]"}, {jax.result_info = "result[6]"}, {jax.result_info = "result[7]"}, {jax.result_info = "result[8]"}, {jax.result_info = "result[9]"}, {jax.result_info = "result[10]"}, {jax.result_info = "result[11]"}, {jax.result_info = "result[12]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<4x1x12x12xf32>, %arg1: tensor<4xi32>, %arg2: tensor<f32>, %arg3: tensor<4x1x3x3xf32>, %arg4: tensor<4xf32>, %arg5: tensor<144x10xf32>, %arg6: tensor<10xf32>, %arg7: tensor<4x1x3x3xf32>, %arg8: tensor<4xf32>, %arg9: tensor<144x10xf32>, %arg10: tensor<10xf32>, %arg11: tensor<4x1x3x3xf32>, %arg12: tensor<4xf32>, %arg13: tensor<144x10xf32>, %arg14: tensor<10xf32>):
    %0 = "stablehlo.convolution"(%arg0, %arg3) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<1> : tensor<2x2xi64>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, window_strides = array<i64: 1, 1>}> : (tensor<4x1x12x12xf32>, tensor<4x1x3x3xf32>) -> tensor<4x4x12x12xf32>
    %1 = "stablehlo.broadcast_in_dim"(%arg4) <{broadcast_dimensions = array<i64: 1>}> : (tensor<4xf32>) -> tensor<1x4x1x1xf32>
    %2 = "stablehlo.broadcast_in_dim"(%1) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x4x1x1xf32>) -> tensor<4x4x12x12xf32>
    %3 = "stablehlo.add"(%0, %2) : (tensor<4x4x12x12xf32>, tensor<4x4x12x12xf32>) -> tensor<4x4x12x12xf32>
    %4 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %5 = "stablehlo.broadcast_in_dim"(%4) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x4x12x12xf32>
    %6 = "stablehlo.maximum"(%3, %5) : (tensor<4x4x12x12xf32>, tensor<4x4x12x12xf32>) -> tensor<4x4x12x12xf32>
    %7 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %8 = "stablehlo.broadcast_in_dim"(%7) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x4x12x12xf32>
    %9 = "stablehlo.compare"(%3, %8) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<4x4x12x12xf32>, tensor<4x4x12x12xf32>) -> tensor<4x4x12x12xi1>
    %10 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %11 = "stablehlo.broadcast_in_dim"(%10) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x4x12x12xf32>
    %12 = "stablehlo.compare"(%3, %11) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<4x4x12x12xf32>, tensor<4x4x12x12xf32>) -> tensor<4x4x12x12xi1>
    %13 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %14 = "stablehlo.broadcast_in_dim"(%13) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x4x12x12xf32>
    %15 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %16 = "stablehlo.broadcast_in_dim"(%15) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x4x12x12xf32>
    %17 = "stablehlo.constant"() <{value = dense<5.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %18 = "stablehlo.broadcast_in_dim"(%17) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x4x12x12xf32>
    %19 = "stablehlo.select"(%12, %18, %16) : (tensor<4x4x12x12xi1>, tensor<4x4x12x12xf32>, tensor<4x4x12x12xf32>) -> tensor<4x4x12x12xf32>
    %20 = "stablehlo.select"(%9, %14, %19) : (tensor<4x4x12x12xi1>, tensor<4x4x12x12xf32>, tensor<4x4x12x12xf32>) -> tensor<4x4x12x12xf32>
    %21 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %22 = "stablehlo.broadcast_in_dim"(%21) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<f32>
    %23 = "stablehlo.reduce_window"(%6, %22) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<0> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 1, 2, 2>, window_strides = array<i64: 1, 1, 2, 2>}> ({
    ^bb0(%arg41: tensor<f32>, %arg42: tensor<f32>):
      %233 = "stablehlo.maximum"(%arg41, %arg42) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%233) : (tensor<f32>) -> ()
    }) : (tensor<4x4x12x12xf32>, tensor<f32>) -> tensor<4x4x6x6xf32>
    %24 = "stablehlo.reshape"(%23) : (tensor<4x4x6x6xf32>) -> tensor<4x144xf32>
    %25 = "stablehlo.dot_general"(%24, %arg5) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x144xf32>, tensor<144x10xf32>) -> tensor<4x10xf32>
    %26 = "stablehlo.broadcast_in_dim"(%arg6) <{broadcast_dimensions = array<i64: 1>}> : (tensor<10xf32>) -> tensor<1x10xf32>
    %27 = "stablehlo.broadcast_in_dim"(%26) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x10xf32>) -> tensor<4x10xf32>
    %28 = "stablehlo.add"(%25, %27) : (tensor<4x10xf32>, tensor<4x10xf32>) -> tensor<4x10xf32>
    %29 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %30 = "stablehlo.reduce"(%28, %29) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg39: tensor<f32>, %arg40: tensor<f32>):
      %232 = "stablehlo.maximum"(%arg39, %arg40) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%232) : (tensor<f32>) -> ()
    }) : (tensor<4x10xf32>, tensor<f32>) -> tensor<4xf32>
    %31 = "stablehlo.reshape"(%30) : (tensor<4xf32>) -> tensor<4x1xf32>
    %32 = "stablehlo.broadcast_in_dim"(%31) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x1xf32>) -> tensor<4x10xf32>
    %33 = "stablehlo.compare"(%28, %32) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<4x10xf32>, tensor<4x10xf32>) -> tensor<4x10xi1>
    %34 = "stablehlo.convert"(%33) : (tensor<4x10xi1>) -> tensor<4x10xf32>
    %35 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %36 = "stablehlo.reduce"(%34, %35) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg37: tensor<f32>, %arg38: tensor<f32>):
      %231 = "stablehlo.add"(%arg37, %arg38) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%231) : (tensor<f32>) -> ()
    }) : (tensor<4x10xf32>, tensor<f32>) -> tensor<4xf32>
    %37 = "stablehlo.broadcast_in_dim"(%30) <{broadcast_dimensions = array<i64: 0>}> : (tensor<4xf32>) -> tensor<4x1xf32>
    %38 = "stablehlo.broadcast_in_dim"(%37) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x1xf32>) -> tensor<4x10xf32>
    %39 = "stablehlo.subtract"(%28, %38) : (tensor<4x10xf32>, tensor<4x10xf32>) -> tensor<4x10xf32>
    %40 = "stablehlo.exponential"(%39) : (tensor<4x10xf32>) -> tensor<4x10xf32>
    %41 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %42 = "stablehlo.reduce"(%40, %41) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg35: tensor<f32>, %arg36: tensor<f32>):
      %230 = "stablehlo.add"(%arg35, %arg36) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%230) : (tensor<f32>) -> ()
    }) : (tensor<4x10xf32>, tensor<f32>) -> tensor<4xf32>
    %43 = "stablehlo.broadcast_in_dim"(%42) <{broadcast_dimensions = array<i64: 0>}> : (tensor<4xf32>) -> tensor<4x1xf32>
    %44 = "stablehlo.log"(%43) : (tensor<4x1xf32>) -> tensor<4x1xf32>
    %45 = "stablehlo.add"(%44, %37) : (tensor<4x1xf32>, tensor<4x1xf32>) -> tensor<4x1xf32>
    %46 = "stablehlo.broadcast_in_dim"(%45) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x1xf32>) -> tensor<4x10xf32>
    %47 = "stablehlo.subtract"(%28, %46) : (tensor<4x10xf32>, tensor<4x10xf32>) -> tensor<4x10xf32>
    %48 = "stablehlo.broadcast_in_dim"(%arg1) <{broadcast_dimensions = array<i64: 0>}> : (tensor<4xi32>) -> tensor<4x1xi32>
    %49 = "stablehlo.iota"() <{iota_dimension = 1 : i64}> : () -> tensor<1x10xi32>
    %50 = "stablehlo.broadcast_in_dim"(%48) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x1xi32>) -> tensor<4x10xi32>
    %51 = "stablehlo.broadcast_in_dim"(%49) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x10xi32>) -> tensor<4x10xi32>
    %52 = "stablehlo.compare"(%50, %51) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<4x10xi32>, tensor<4x10xi32>) -> tensor<4x10xi1>
    %53 = "stablehlo.convert"(%52) : (tensor<4x10xi1>) -> tensor<4x10xf32>
    %54 = "stablehlo.multiply"(%53, %47) : (tensor<4x10xf32>, tensor<4x10xf32>) -> tensor<4x10xf32>
    %55 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %56 = "stablehlo.reduce"(%54, %55) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg33: tensor<f32>, %arg34: tensor<f32>):
      %229 = "stablehlo.add"(%arg33, %arg34) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%229) : (tensor<f32>) -> ()
    }) : (tensor<4x10xf32>, tensor<f32>) -> tensor<4xf32>
    %57 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %58 = "stablehlo.reduce"(%56, %57) <{dimensions = array<i64: 0>}> ({
    ^bb0(%arg31: tensor<f32>, %arg32: tensor<f32>):
      %228 = "stablehlo.add"(%arg31, %arg32) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%228) : (tensor<f32>) -> ()
    }) : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
    %59 = "stablehlo.constant"() <{value = dense<4.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %60 = "stablehlo.divide"(%58, %59) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %61 = "stablehlo.negate"(%60) : (tensor<f32>) -> tensor<f32>
    %62 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %63 = "stablehlo.negate"(%62) : (tensor<f32>) -> tensor<f32>
    %64 = "stablehlo.constant"() <{value = dense<4.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %65 = "stablehlo.divide"(%63, %64) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %66 = "stablehlo.broadcast_in_dim"(%65) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4xf32>
    %67 = "stablehlo.broadcast_in_dim"(%66) <{broadcast_dimensions = array<i64: 0>}> : (tensor<4xf32>) -> tensor<4x10xf32>
    %68 = "stablehlo.multiply"(%53, %67) : (tensor<4x10xf32>, tensor<4x10xf32>) -> tensor<4x10xf32>
    %69 = "stablehlo.negate"(%68) : (tensor<4x10xf32>) -> tensor<4x10xf32>
    %70 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %71 = "stablehlo.reduce"(%69, %70) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg29: tensor<f32>, %arg30: tensor<f32>):
      %227 = "stablehlo.add"(%arg29, %arg30) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%227) : (tensor<f32>) -> ()
    }) : (tensor<4x10xf32>, tensor<f32>) -> tensor<4xf32>
    %72 = "stablehlo.reshape"(%71) : (tensor<4xf32>) -> tensor<4x1xf32>
    %73 = "stablehlo.divide"(%72, %43) : (tensor<4x1xf32>, tensor<4x1xf32>) -> tensor<4x1xf32>
    %74 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %75 = "stablehlo.reduce"(%73, %74) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg27: tensor<f32>, %arg28: tensor<f32>):
      %226 = "stablehlo.add"(%arg27, %arg28) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%226) : (tensor<f32>) -> ()
    }) : (tensor<4x1xf32>, tensor<f32>) -> tensor<4xf32>
    %76 = "stablehlo.broadcast_in_dim"(%75) <{broadcast_dimensions = array<i64: 0>}> : (tensor<4xf32>) -> tensor<4x10xf32>
    %77 = "stablehlo.multiply"(%76, %40) : (tensor<4x10xf32>, tensor<4x10xf32>) -> tensor<4x10xf32>
    %78 = "stablehlo.add"(%68, %77) : (tensor<4x10xf32>, tensor<4x10xf32>) -> tensor<4x10xf32>
    %79 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %80 = "stablehlo.reduce"(%78, %79) <{dimensions = array<i64: 0>}> ({
    ^bb0(%arg25: tensor<f32>, %arg26: tensor<f32>):
      %225 = "stablehlo.add"(%arg25, %arg26) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%225) : (tensor<f32>) -> ()
    }) : (tensor<4x10xf32>, tensor<f32>) -> tensor<10xf32>
    %81 = "stablehlo.reshape"(%80) : (tensor<10xf32>) -> tensor<1x10xf32>
    %82 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %83 = "stablehlo.reduce"(%81, %82) <{dimensions = array<i64: 0>}> ({
    ^bb0(%arg23: tensor<f32>, %arg24: tensor<f32>):
      %224 = "stablehlo.add"(%arg23, %arg24) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%224) : (tensor<f32>) -> ()
    }) : (tensor<1x10xf32>, tensor<f32>) -> tensor<10xf32>
    %84 = "stablehlo.dot_general"(%78, %24) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x10xf32>, tensor<4x144xf32>) -> tensor<10x144xf32>
    %85 = "stablehlo.transpose"(%84) <{permutation = array<i64: 1, 0>}> : (tensor<10x144xf32>) -> tensor<144x10xf32>
    %86 = "stablehlo.dot_general"(%78, %arg5) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x10xf32>, tensor<144x10xf32>) -> tensor<4x144xf32>
    %87 = "stablehlo.reshape"(%86) : (tensor<4x144xf32>) -> tensor<4x4x6x6xf32>
    %88 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %89 = "stablehlo.pad"(%6, %88) <{edge_padding_high = array<i64: 0, 0, 0, 0>, edge_padding_low = array<i64: 0, 0, 0, 0>, interior_padding = array<i64: 0, 0, 0, 0>}> : (tensor<4x4x12x12xf32>, tensor<f32>) -> tensor<4x4x12x12xf32>
    %90 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %91 = "stablehlo.select_and_scatter"(%89, %87, %90) <{padding = dense<0> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 1, 2, 2>, window_strides = array<i64: 1, 1, 2, 2>}> ({
    ^bb0(%arg21: tensor<f32>, %arg22: tensor<f32>):
      %223 = "stablehlo.compare"(%arg21, %arg22) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<f32>, tensor<f32>) -> tensor<i1>
      "stablehlo.return"(%223) : (tensor<i1>) -> ()
    }, {
    ^bb0(%arg19: tensor<f32>, %arg20: tensor<f32>):
      %222 = "stablehlo.add"(%arg19, %arg20) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%222) : (tensor<f32>) -> ()
    }) : (tensor<4x4x12x12xf32>, tensor<4x4x6x6xf32>, tensor<f32>) -> tensor<4x4x12x12xf32>
    %92 = "stablehlo.slice"(%91) <{limit_indices = array<i64: 4, 4, 12, 12>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<4x4x12x12xf32>) -> tensor<4x4x12x12xf32>
    %93 = "stablehlo.multiply"(%92, %20) : (tensor<4x4x12x12xf32>, tensor<4x4x12x12xf32>) -> tensor<4x4x12x12xf32>
    %94 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %95 = "stablehlo.reduce"(%93, %94) <{dimensions = array<i64: 0, 2, 3>}> ({
    ^bb0(%arg17: tensor<f32>, %arg18: tensor<f32>):
      %221 = "stablehlo.add"(%arg17, %arg18) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%221) : (tensor<f32>) -> ()
    }) : (tensor<4x4x12x12xf32>, tensor<f32>) -> tensor<4xf32>
    %96 = "stablehlo.reshape"(%95) : (tensor<4xf32>) -> tensor<1x4x1x1xf32>
    %97 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %98 = "stablehlo.reduce"(%96, %97) <{dimensions = array<i64: 0, 2, 3>}> ({
    ^bb0(%arg15: tensor<f32>, %arg16: tensor<f32>):
      %220 = "stablehlo.add"(%arg15, %arg16) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%220) : (tensor<f32>) -> ()
    }) : (tensor<1x4x1x1xf32>, tensor<f32>) -> tensor<4xf32>
    %99 = "stablehlo.convolution"(%arg0, %93) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[f, b, 0, 1]x[i, o, 0, 1]->[f, b, 0, 1]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<1> : tensor<2x2xi64>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, window_strides = array<i64: 1, 1>}> : (tensor<4x1x12x12xf32>, tensor<4x4x12x12xf32>) -> tensor<4x1x3x3xf32>
    %100 = "stablehlo.constant"() <{value = dense<0.899999976> : tensor<f32>}> : () -> tensor<f32>
    %101 = "stablehlo.power"(%100, %arg2) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %102 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %103 = "stablehlo.subtract"(%102, %101) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %104 = "stablehlo.constant"() <{value = dense<9.990000e-01> : tensor<f32>}> : () -> tensor<f32>
    %105 = "stablehlo.power"(%104, %arg2) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %106 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %107 = "stablehlo.subtract"(%106, %105) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %108 = "stablehlo.constant"() <{value = dense<0.899999976> : tensor<f32>}> : () -> tensor<f32>
    %109 = "stablehlo.broadcast_in_dim"(%108) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x1x3x3xf32>
    %110 = "stablehlo.multiply"(%109, %arg7) : (tensor<4x1x3x3xf32>, tensor<4x1x3x3xf32>) -> tensor<4x1x3x3xf32>
    %111 = "stablehlo.constant"() <{value = dense<1.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %112 = "stablehlo.broadcast_in_dim"(%111) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x1x3x3xf32>
    %113 = "stablehlo.multiply"(%112, %99) : (tensor<4x1x3x3xf32>, tensor<4x1x3x3xf32>) -> tensor<4x1x3x3xf32>
    %114 = "stablehlo.add"(%110, %113) : (tensor<4x1x3x3xf32>, tensor<4x1x3x3xf32>) -> tensor<4x1x3x3xf32>
    %115 = "stablehlo.constant"() <{value = dense<9.990000e-01> : tensor<f32>}> : () -> tensor<f32>
    %116 = "stablehlo.broadcast_in_dim"(%115) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x1x3x3xf32>
    %117 = "stablehlo.multiply"(%116, %arg11) : (tensor<4x1x3x3xf32>, tensor<4x1x3x3xf32>) -> tensor<4x1x3x3xf32>
    %118 = "stablehlo.constant"() <{value = dense<1.000000e-03> : tensor<f32>}> : () -> tensor<f32>
    %119 = "stablehlo.broadcast_in_dim"(%118) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x1x3x3xf32>
    %120 = "stablehlo.multiply"(%119, %99) : (tensor<4x1x3x3xf32>, tensor<4x1x3x3xf32>) -> tensor<4x1x3x3xf32>
    %121 = "stablehlo.multiply"(%120, %99) : (tensor<4x1x3x3xf32>, tensor<4x1x3x3xf32>) -> tensor<4x1x3x3xf32>
    %122 = "stablehlo.add"(%117, %121) : (tensor<4x1x3x3xf32>, tensor<4x1x3x3xf32>) -> tensor<4x1x3x3xf32>
    %123 = "stablehlo.broadcast_in_dim"(%103) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x1x3x3xf32>
    %124 = "stablehlo.divide"(%114, %123) : (tensor<4x1x3x3xf32>, tensor<4x1x3x3xf32>) -> tensor<4x1x3x3xf32>
    %125 = "stablehlo.broadcast_in_dim"(%107) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x1x3x3xf32>
    %126 = "stablehlo.divide"(%122, %125) : (tensor<4x1x3x3xf32>, tensor<4x1x3x3xf32>) -> tensor<4x1x3x3xf32>
    %127 = "stablehlo.constant"() <{value = dense<0.00999999977> : tensor<f32>}> : () -> tensor<f32>
    %128 = "stablehlo.broadcast_in_dim"(%127) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x1x3x3xf32>
    %129 = "stablehlo.multiply"(%128, %124) : (tensor<4x1x3x3xf32>, tensor<4x1x3x3xf32>) -> tensor<4x1x3x3xf32>
    %130 = "stablehlo.sqrt"(%126) : (tensor<4x1x3x3xf32>) -> tensor<4x1x3x3xf32>
    %131 = "stablehlo.constant"() <{value = dense<9.99999993E-9> : tensor<f32>}> : () -> tensor<f32>
    %132 = "stablehlo.broadcast_in_dim"(%131) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x1x3x3xf32>
    %133 = "stablehlo.add"(%130, %132) : (tensor<4x1x3x3xf32>, tensor<4x1x3x3xf32>) -> tensor<4x1x3x3xf32>
    %134 = "stablehlo.divide"(%129, %133) : (tensor<4x1x3x3xf32>, tensor<4x1x3x3xf32>) -> tensor<4x1x3x3xf32>
    %135 = "stablehlo.subtract"(%arg3, %134) : (tensor<4x1x3x3xf32>, tensor<4x1x3x3xf32>) -> tensor<4x1x3x3xf32>
    %136 = "stablehlo.constant"() <{value = dense<0.899999976> : tensor<f32>}> : () -> tensor<f32>
    %137 = "stablehlo.broadcast_in_dim"(%136) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4xf32>
    %138 = "stablehlo.multiply"(%137, %arg8) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %139 = "stablehlo.constant"() <{value = dense<1.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %140 = "stablehlo.broadcast_in_dim"(%139) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4xf32>
    %141 = "stablehlo.multiply"(%140, %98) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %142 = "stablehlo.add"(%138, %141) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %143 = "stablehlo.constant"() <{value = dense<9.990000e-01> : tensor<f32>}> : () -> tensor<f32>
    %144 = "stablehlo.broadcast_in_dim"(%143) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4xf32>
    %145 = "stablehlo.multiply"(%144, %arg12) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %146 = "stablehlo.constant"() <{value = dense<1.000000e-03> : tensor<f32>}> : () -> tensor<f32>
    %147 = "stablehlo.broadcast_in_dim"(%146) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4xf32>
    %148 = "stablehlo.multiply"(%147, %98) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %149 = "stablehlo.multiply"(%148, %98) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %150 = "stablehlo.add"(%145, %149) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %151 = "stablehlo.broadcast_in_dim"(%103) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4xf32>
    %152 = "stablehlo.divide"(%142, %151) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %153 = "stablehlo.broadcast_in_dim"(%107) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4xf32>
    %154 = "stablehlo.divide"(%150, %153) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %155 = "stablehlo.constant"() <{value = dense<0.00999999977> : tensor<f32>}> : () -> tensor<f32>
    %156 = "stablehlo.broadcast_in_dim"(%155) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4xf32>
    %157 = "stablehlo.multiply"(%156, %152) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %158 = "stablehlo.sqrt"(%154) : (tensor<4xf32>) -> tensor<4xf32>
    %159 = "stablehlo.constant"() <{value = dense<9.99999993E-9> : tensor<f32>}> : () -> tensor<f32>
    %160 = "stablehlo.broadcast_in_dim"(%159) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4xf32>
    %161 = "stablehlo.add"(%158, %160) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %162 = "stablehlo.divide"(%157, %161) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %163 = "stablehlo.subtract"(%arg4, %162) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %164 = "stablehlo.constant"() <{value = dense<0.899999976> : tensor<f32>}> : () -> tensor<f32>
    %165 = "stablehlo.broadcast_in_dim"(%164) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<144x10xf32>
    %166 = "stablehlo.multiply"(%165, %arg9) : (tensor<144x10xf32>, tensor<144x10xf32>) -> tensor<144x10xf32>
    %167 = "stablehlo.constant"() <{value = dense<1.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %168 = "stablehlo.broadcast_in_dim"(%167) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<144x10xf32>
    %169 = "stablehlo.multiply"(%168, %85) : (tensor<144x10xf32>, tensor<144x10xf32>) -> tensor<144x10xf32>
    %170 = "stablehlo.add"(%166, %169) : (tensor<144x10xf32>, tensor<144x10xf32>) -> tensor<144x10xf32>
    %171 = "stablehlo.constant"() <{value = dense<9.990000e-01> : tensor<f32>}> : () -> tensor<f32>
    %172 = "stablehlo.broadcast_in_dim"(%171) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<144x10xf32>
    %173 = "stablehlo.multiply"(%172, %arg13) : (tensor<144x10xf32>, tensor<144x10xf32>) -> tensor<144x10xf32>
    %174 = "stablehlo.constant"() <{value = dense<1.000000e-03> : tensor<f32>}> : () -> tensor<f32>
    %175 = "stablehlo.broadcast_in_dim"(%174) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<144x10xf32>
    %176 = "stablehlo.multiply"(%175, %85) : (tensor<144x10xf32>, tensor<144x10xf32>) -> tensor<144x10xf32>
    %177 = "stablehlo.multiply"(%176, %85) : (tensor<144x10xf32>, tensor<144x10xf32>) -> tensor<144x10xf32>
    %178 = "stablehlo.add"(%173, %177) : (tensor<144x10xf32>, tensor<144x10xf32>) -> tensor<144x10xf32>
    %179 = "stablehlo.broadcast_in_dim"(%103) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<144x10xf32>
    %180 = "stablehlo.divide"(%170, %179) : (tensor<144x10xf32>, tensor<144x10xf32>) -> tensor<144x10xf32>
    %181 = "stablehlo.broadcast_in_dim"(%107) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<144x10xf32>
    %182 = "stablehlo.divide"(%178, %181) : (tensor<144x10xf32>, tensor<144x10xf32>) -> tensor<144x10xf32>
    %183 = "stablehlo.constant"() <{value = dense<0.00999999977> : tensor<f32>}> : () -> tensor<f32>
    %184 = "stablehlo.broadcast_in_dim"(%183) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<144x10xf32>
    %185 = "stablehlo.multiply"(%184, %180) : (tensor<144x10xf32>, tensor<144x10xf32>) -> tensor<144x10xf32>
    %186 = "stablehlo.sqrt"(%182) : (tensor<144x10xf32>) -> tensor<144x10xf32>
    %187 = "stablehlo.constant"() <{value = dense<9.99999993E-9> : tensor<f32>}> : () -> tensor<f32>
    %188 = "stablehlo.broadcast_in_dim"(%187) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<144x10xf32>
    %189 = "stablehlo.add"(%186, %188) : (tensor<144x10xf32>, tensor<144x10xf32>) -> tensor<144x10xf32>
    %190 = "stablehlo.divide"(%185, %189) : (tensor<144x10xf32>, tensor<144x10xf32>) -> tensor<144x10xf32>
    %191 = "stablehlo.subtract"(%arg5, %190) : (tensor<144x10xf32>, tensor<144x10xf32>) -> tensor<144x10xf32>
    %192 = "stablehlo.constant"() <{value = dense<0.899999976> : tensor<f32>}> : () -> tensor<f32>
    %193 = "stablehlo.broadcast_in_dim"(%192) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<10xf32>
    %194 = "stablehlo.multiply"(%193, %arg10) : (tensor<10xf32>, tensor<10xf32>) -> tensor<10xf32>
    %195 = "stablehlo.constant"() <{value = dense<1.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %196 = "stablehlo.broadcast_in_dim"(%195) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<10xf32>
    %197 = "stablehlo.multiply"(%196, %83) : (tensor<10xf32>, tensor<10xf32>) -> tensor<10xf32>
    %198 = "stablehlo.add"(%194, %197) : (tensor<10xf32>, tensor<10xf32>) -> tensor<10xf32>
    %199 = "stablehlo.constant"() <{value = dense<9.990000e-01> : tensor<f32>}> : () -> tensor<f32>
    %200 = "stablehlo.broadcast_in_dim"(%199) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<10xf32>
    %201 = "stablehlo.multiply"(%200, %arg14) : (tensor<10xf32>, tensor<10xf32>) -> tensor<10xf32>
    %202 = "stablehlo.constant"() <{value = dense<1.000000e-03> : tensor<f32>}> : () -> tensor<f32>
    %203 = "stablehlo.broadcast_in_dim"(%202) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<10xf32>
    %204 = "stablehlo.multiply"(%203, %83) : (tensor<10xf32>, tensor<10xf32>) -> tensor<10xf32>
    %205 = "stablehlo.multiply"(%204, %83) : (tensor<10xf32>, tensor<10xf32>) -> tensor<10xf32>
    %206 = "stablehlo.add"(%201, %205) : (tensor<10xf32>, tensor<10xf32>) -> tensor<10xf32>
    %207 = "stablehlo.broadcast_in_dim"(%103) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<10xf32>
    %208 = "stablehlo.divide"(%198, %207) : (tensor<10xf32>, tensor<10xf32>) -> tensor<10xf32>
    %209 = "stablehlo.broadcast_in_dim"(%107) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<10xf32>
    %210 = "stablehlo.divide"(%206, %209) : (tensor<10xf32>, tensor<10xf32>) -> tensor<10xf32>
    %211 = "stablehlo.constant"() <{value = dense<0.00999999977> : tensor<f32>}> : () -> tensor<f32>
    %212 = "stablehlo.broadcast_in_dim"(%211) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<10xf32>
    %213 = "stablehlo.multiply"(%212, %208) : (tensor<10xf32>, tensor<10xf32>) -> tensor<10xf32>
    %214 = "stablehlo.sqrt"(%210) : (tensor<10xf32>) -> tensor<10xf32>
    %215 = "stablehlo.constant"() <{value = dense<9.99999993E-9> : tensor<f32>}> : () -> tensor<f32>
    %216 = "stablehlo.broadcast_in_dim"(%215) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<10xf32>
    %217 = "stablehlo.add"(%214, %216) : (tensor<10xf32>, tensor<10xf32>) -> tensor<10xf32>
    %218 = "stablehlo.divide"(%213, %217) : (tensor<10xf32>, tensor<10xf32>) -> tensor<10xf32>
    %219 = "stablehlo.subtract"(%arg6, %218) : (tensor<10xf32>, tensor<10xf32>) -> tensor<10xf32>
    "func.return"(%61, %135, %163, %191, %219, %114, %142, %170, %198, %122, %150, %178, %206) : (tensor<f32>, tensor<4x1x3x3xf32>, tensor<4xf32>, tensor<144x10xf32>, tensor<10xf32>, tensor<4x1x3x3xf32>, tensor<4xf32>, tensor<144x10xf32>, tensor<10xf32>, tensor<4x1x3x3xf32>, tensor<4xf32>, tensor<144x10xf32>, tensor<10xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
