"builtin.module"() <{sym_name = "jit_model_cnn_adam_step_f64"}> ({
  "func.func"() <{arg_attrs = [{}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}], function_type = (tensor<4x1x12x12xf64>, tensor<4xi32>, tensor<f64>, tensor<4x1x3x3xf64>, tensor<4xf64>, tensor<144x10xf64>, tensor<10xf64>, tensor<4x1x3x3xf64>, tensor<4xf64>, tensor<144x10xf64>, tensor<10xf64>, tensor<4x1x3x3xf64>, tensor<4xf64>, tensor<144x10xf64>, tensor<10xf64>) -> (tensor<f64>, tensor<4x1x3x3xf64>, tensor<4xf64>, tensor<144x10xf64>, tensor<10xf64>, tensor<4x1x3x3xf64>, tensor<4xf64>, tensor<144x10xf64>, tensor<10xf64>, tensor<4x1x3x3xf64>, tensor<4xf64>, tensor<144x10xf64>, tensor<10xf64>), res_attrs = [{jax.result_info = "result[0]"}, {jax.result_info = "result[1]"}, {jax.result_info = "result[2]"}, {jax.result_info = "result[3]"}, {jax.result_info = "result[4]"}, {jax.result_info = "result[5]"}, {jax.result_info = "result[6]"}, {jax.result_info = "result[7]"}, {jax.result_info = "result[8]"}, {jax.result_info = "result[9]"}, {jax.result_info = "result[10]"}, {jax.result_info = "result[11]"}, {jax.result_info = "result[12]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<4x1x12x12xf64>, %arg1: tensor<4xi32>, %arg2: tensor<f64>, %arg3: tensor<4x1x3x3xf64>, %arg4: tensor<4xf64>, %arg5: tensor<144x10xf64>, %arg6: tensor<10xf64>, %arg7: tensor<4x1x3x3xf64>, %arg8: tensor<4xf64>, %arg9: tensor<144x10xf64>, %arg10: tensor<10xf64>, %arg11: tensor<4x1x3x3xf64>, %arg12: tensor<4xf64>, %arg13: tensor<144x10xf64>, %arg14: tensor<10xf64>):
    %0 = "stablehlo.convolution"(%arg0, %arg3) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<1> : tensor<2x2xi64>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, window_strides = array<i64: 1, 1>}> : (tensor<4x1x12x12xf64>, tensor<4x1x3x3xf64>) -> tensor<4x4x12x12xf64>
    %1 = "stablehlo.broadcast_in_dim"(%arg4) <{broadcast_dimensions = array<i64: 1>}> : (tensor<4xf64>) -> tensor<1x4x1x1xf64>
    %2 = "stablehlo.broadcast_in_dim"(%1) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x4x1x1xf64>) -> tensor<4x4x12x12xf64>
    %3 = "stablehlo.add"(%0, %2) : (tensor<4x4x12x12xf64>, tensor<4x4x12x12xf64>) -> tensor<4x4x12x12xf64>
    %4 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %5 = "stablehlo.broadcast_in_dim"(%4) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<4x4x12x12xf64>
    %6 = "stablehlo.maximum"(%3, %5) : (tensor<4x4x12x12xf64>, tensor<4x4x12x12xf64>) -> tensor<4x4x12x12xf64>
    %7 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %8 = "stablehlo.broadcast_in_dim"(%7) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<4x4x12x12xf64>
    %9 = "stablehlo.compare"(%3, %8) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<4x4x12x12xf64>, tensor<4x4x12x12xf64>) -> tensor<4x4x12x12xi1>
    %10 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %11 = "stablehlo.broadcast_in_dim"(%10) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<4x4x12x12xf64>
    %12 = "stablehlo.compare"(%3, %11) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<4x4x12x12xf64>, tensor<4x4x12x12xf64>) -> tensor<4x4x12x12xi1>
    %13 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %14 = "stablehlo.broadcast_in_dim"(%13) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<4x4x12x12xf64>
    %15 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %16 = "stablehlo.broadcast_in_dim"(%15) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<4x4x12x12xf64>
    %17 = "stablehlo.constant"() <{value = dense<5.000000e-01> : tensor<f64>}> : () -> tensor<f64>
    %18 = "stablehlo.broadcast_in_dim"(%17) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<4x4x12x12xf64>
    %19 = "stablehlo.select"(%12, %18, %16) : (tensor<4x4x12x12xi1>, tensor<4x4x12x12xf64>, tensor<4x4x12x12xf64>) -> tensor<4x4x12x12xf64>
    %20 = "stablehlo.select"(%9, %14, %19) : (tensor<4x4x12x12xi1>, tensor<4x4x12x12xf64>, tensor<4x4x12x12xf64>) -> tensor<4x4x12x12xf64>
    %21 = "stablehlo.constant"() <{value = dense<0xFFF0000000000000> : tensor<f64>}> : () -> tensor<f64>
    %22 = "stablehlo.broadcast_in_dim"(%21) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<f64>
    %23 = "stablehlo.reduce_window"(%6, %22) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<0> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 1, 2, 2>, window_strides = array<i64: 1, 1, 2, 2>}> ({
    ^bb0(%arg41: tensor<f64>, %arg42: tensor<f64>):
      %233 = "stablehlo.maximum"(%arg41, %arg42) : (tensor<f64>, tensor<f64>) -> tensor<f64>
      "stablehlo.return"(%233) : (tensor<f64>) -> ()
    }) : (tensor<4x4x12x12xf64>, tensor<f64>) -> tensor<4x4x6x6xf64>
    %24 = "stablehlo.reshape"(%23) : (tensor<4x4x6x6xf64>) -> tensor<4x144xf64>
    %25 = "stablehlo.dot_general"(%24, %arg5) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x144xf64>, tensor<144x10xf64>) -> tensor<4x10xf64>
    %26 = "stablehlo.broadcast_in_dim"(%arg6) <{broadcast_dimensions = array<i64: 1>}> : (tensor<10xf64>) -> tensor<1x10xf64>
    %27 = "stablehlo.broadcast_in_dim"(%26) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x10xf64>) -> tensor<4x10xf64>
    %28 = "stablehlo.add"(%25, %27) : (tensor<4x10xf64>, tensor<4x10xf64>) -> tensor<4x10xf64>
    %29 = "stablehlo.constant"() <{value = dense<0xFFF0000000000000> : tensor<f64>}> : () -> tensor<f64>
    %30 = "stablehlo.reduce"(%28, %29) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg39: tensor<f64>, %arg40: tensor<f64>):
      %232 = "stablehlo.maximum"(%arg39, %arg40) : (tensor<f64>, tensor<f64>) -> tensor<f64>
      "stablehlo.return"(%232) : (tensor<f64>) -> ()
    }) : (tensor<4x10xf64>, tensor<f64>) -> tensor<4xf64>
    %31 = "stablehlo.reshape"(%30) : (tensor<4xf64>) -> tensor<4x1xf64>
    %32 = "stablehlo.broadcast_in_dim"(%31) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x1xf64>) -> tensor<4x10xf64>
    %33 = "stablehlo.compare"(%28, %32) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<4x10xf64>, tensor<4x10xf64>) -> tensor<4x10xi1>
    %34 = "stablehlo.convert"(%33) : (tensor<4x10xi1>) -> tensor<4x10xf64>
    %35 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %36 = "stablehlo.reduce"(%34, %35) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg37: tensor<f64>, %arg38: tensor<f64>):
      %231 = "stablehlo.add"(%arg37, %arg38) : (tensor<f64>, tensor<f64>) -> tensor<f64>
      "stablehlo.return"(%231) : (tensor<f64>) -> ()
    }) : (tensor<4x10xf64>, tensor<f64>) -> tensor<4xf64>
    %37 = "stablehlo.broadcast_in_dim"(%30) <{broadcast_dimensions = array<i64: 0>}> : (tensor<4xf64>) -> tensor<4x1xf64>
    %38 = "stablehlo.broadcast_in_dim"(%37) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x1xf64>) -> tensor<4x10xf64>
    %39 = "stablehlo.subtract"(%28, %38) : (tensor<4x10xf64>, tensor<4x10xf64>) -> tensor<4x10xf64>
    %40 = "stablehlo.exponential"(%39) : (tensor<4x10xf64>) -> tensor<4x10xf64>
    %41 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %42 = "stablehlo.reduce"(%40, %41) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg35: tensor<f64>, %arg36: tensor<f64>):
      %230 = "stablehlo.add"(%arg35, %arg36) : (tensor<f64>, tensor<f64>) -> tensor<f64>
      "stablehlo.return"(%230) : (tensor<f64>) -> ()
    }) : (tensor<4x10xf64>, tensor<f64>) -> tensor<4xf64>
    %43 = "stablehlo.broadcast_in_dim"(%42) <{broadcast_dimensions = array<i64: 0>}> : (tensor<4xf64>) -> tensor<4x1xf64>
    %44 = "stablehlo.log"(%43) : (tensor<4x1xf64>) -> tensor<4x1xf64>
    %45 = "stablehlo.add"(%44, %37) : (tensor<4x1xf64>, tensor<4x1xf64>) -> tensor<4x1xf64>
    %46 = "stablehlo.broadcast_in_dim"(%45) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x1xf64>) -> tensor<4x10xf64>
    %47 = "stablehlo.subtract"(%28, %46) : (tensor<4x10xf64>, tensor<4x10xf64>) -> tensor<4x10xf64>
    %48 = "stablehlo.broadcast_in_dim"(%arg1) <{broadcast_dimensions = array<i64: 0>}> : (tensor<4xi32>) -> tensor<4x1xi32>
    %49 = "stablehlo.iota"() <{iota_dimension = 1 : i64}> : () -> tensor<1x10xi32>
    %50 = "stablehlo.broadcast_in_dim"(%48) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x1xi32>) -> tensor<4x10xi32>
    %51 = "stablehlo.broadcast_in_dim"(%49) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x10xi32>) -> tensor<4x10xi32>
    %52 = "stablehlo.compare"(%50, %51) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<4x10xi32>, tensor<4x10xi32>) -> tensor<4x10xi1>
    %53 = "stablehlo.convert"(%52) : (tensor<4x10xi1>) -> tensor<4x10xf64>
    %54 = "stablehlo.multiply"(%53, %47) : (tensor<4x10xf64>, tensor<4x10xf64>) -> tensor<4x10xf64>
    %55 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %56 = "stablehlo.reduce"(%54, %55) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg33: tensor<f64>, %arg34: tensor<f64>):
      %229 = "stablehlo.add"(%arg33, %arg34) : (tensor<f64>, tensor<f64>) -> tensor<f64>
      "stablehlo.return"(%229) : (tensor<f64>) -> ()
    }) : (tensor<4x10xf64>, tensor<f64>) -> tensor<4xf64>
    %57 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %58 = "stablehlo.reduce"(%56, %57) <{dimensions = array<i64: 0>}> ({
    ^bb0(%arg31: tensor<f64>, %arg32: tensor<f64>):
      %228 = "stablehlo.add"(%arg31, %arg32) : (tensor<f64>, tensor<f64>) -> tensor<f64>
      "stablehlo.return"(%228) : (tensor<f64>) -> ()
    }) : (tensor<4xf64>, tensor<f64>) -> tensor<f64>
    %59 = "stablehlo.constant"() <{value = dense<4.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %60 = "stablehlo.divide"(%58, %59) : (tensor<f64>, tensor<f64>) -> tensor<f64>
    %61 = "stablehlo.negate"(%60) : (tensor<f64>) -> tensor<f64>
    %62 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %63 = "stablehlo.negate"(%62) : (tensor<f64>) -> tensor<f64>
    %64 = "stablehlo.constant"() <{value = dense<4.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %65 = "stablehlo.divide"(%63, %64) : (tensor<f64>, tensor<f64>) -> tensor<f64>
    %66 = "stablehlo.broadcast_in_dim"(%65) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<4xf64>
    %67 = "stablehlo.broadcast_in_dim"(%66) <{broadcast_dimensions = array<i64: 0>}> : (tensor<4xf64>) -> tensor<4x10xf64>
    %68 = "stablehlo.multiply"(%53, %67) : (tensor<4x10xf64>, tensor<4x10xf64>) -> tensor<4x10xf64>
    %69 = "stablehlo.negate"(%68) : (tensor<4x10xf64>) -> tensor<4x10xf64>
    %70 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %71 = "stablehlo.reduce"(%69, %70) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg29: tensor<f64>, %arg30: tensor<f64>):
      %227 = "stablehlo.add"(%arg29, %arg30) : (tensor<f64>, tensor<f64>) -> tensor<f64>
      "stablehlo.return"(%227) : (tensor<f64>) -> ()
    }) : (tensor<4x10xf64>, tensor<f64>) -> tensor<4xf64>
    %72 = "stablehlo.reshape"(%71) : (tensor<4xf64>) -> tensor<4x1xf64>
    %73 = "stablehlo.divide"(%72, %43) : (tensor<4x1xf64>, tensor<4x1xf64>) -> tensor<4x1xf64>
    %74 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %75 = "stablehlo.reduce"(%73, %74) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg27: tensor<f64>, %arg28: tensor<f64>):
      %226 = "stablehlo.add"(%arg27, %arg28) : (tensor<f64>, tensor<f64>) -> tensor<f64>
      "stablehlo.return"(%226) : (tensor<f64>) -> ()
    }) : (tensor<4x1xf64>, tensor<f64>) -> tensor<4xf64>
    %76 = "stablehlo.broadcast_in_dim"(%75) <{broadcast_dimensions = array<i64: 0>}> : (tensor<4xf64>) -> tensor<4x10xf64>
    %77 = "stablehlo.multiply"(%76, %40) : (tensor<4x10xf64>, tensor<4x10xf64>) -> tensor<4x10xf64>
    %78 = "stablehlo.add"(%68, %77) : (tensor<4x10xf64>, tensor<4x10xf64>) -> tensor<4x10xf64>
    %79 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %80 = "stablehlo.reduce"(%78, %79) <{dimensions = array<i64: 0>}> ({
    ^bb0(%arg25: tensor<f64>, %arg26: tensor<f64>):
      %225 = "stablehlo.add"(%arg25, %arg26) : (tensor<f64>, tensor<f64>) -> tensor<f64>
      "stablehlo.return"(%225) : (tensor<f64>) -> ()
    }) : (tensor<4x10xf64>, tensor<f64>) -> tensor<10xf64>
    %81 = "stablehlo.reshape"(%80) : (tensor<10xf64>) -> tensor<1x10xf64>
    %82 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %83 = "stablehlo.reduce"(%81, %82) <{dimensions = array<i64: 0>}> ({
    ^bb0(%arg23: tensor<f64>, %arg24: tensor<f64>):
      %224 = "stablehlo.add"(%arg23, %arg24) : (tensor<f64>, tensor<f64>) -> tensor<f64>
      "stablehlo.return"(%224) : (tensor<f64>) -> ()
    }) : (tensor<1x10xf64>, tensor<f64>) -> tensor<10xf64>
    %84 = "stablehlo.dot_general"(%78, %24) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x10xf64>, tensor<4x144xf64>) -> tensor<10x144xf64>
    %85 = "stablehlo.transpose"(%84) <{permutation = array<i64: 1, 0>}> : (tensor<10x144xf64>) -> tensor<144x10xf64>
    %86 = "stablehlo.dot_general"(%78, %arg5) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x10xf64>, tensor<144x10xf64>) -> tensor<4x144xf64>
    %87 = "stablehlo.reshape"(%86) : (tensor<4x144xf64>) -> tensor<4x4x6x6xf64>
    %88 = "stablehlo.constant"() <{value = dense<0xFFF0000000000000> : tensor<f64>}> : () -> tensor<f64>
    %89 = "stablehlo.pad"(%6, %88) <{edge_padding_high = array<i64: 0, 0, 0, 0>, edge_padding_low = array<i64: 0, 0, 0, 0>, interior_padding = array<i64: 0, 0, 0, 0>}> : (tensor<4x4x12x12xf64>, tensor<f64>) -> tensor<4x4x12x12xf64>
    %90 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %91 = "stablehlo.select_and_scatter"(%89, %87, %90) <{padding = dense<0> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 1, 2, 2>, window_strides = array<i64: 1, 1, 2, 2>}> ({
    ^bb0(%arg21: tensor<f64>, %arg22: tensor<f64>):
      %223 = "stablehlo.compare"(%arg21, %arg22) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<f64>, tensor<f64>) -> tensor<i1>
      "stablehlo.return"(%223) : (tensor<i1>) -> ()
    }, {
    ^bb0(%arg19: tensor<f64>, %arg20: tensor<f64>):
      %222 = "stablehlo.add"(%arg19, %arg20) : (tensor<f64>, tensor<f64>) -> tensor<f64>
      "stablehlo.return"(%222) : (tensor<f64>) -> ()
    }) : (tensor<4x4x12x12xf64>, tensor<4x4x6x6xf64>, tensor<f64>) -> tensor<4x4x12x12xf64>
    %92 = "stablehlo.slice"(%91) <{limit_indices = array<i64: 4, 4, 12, 12>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<4x4x12x12xf64>) -> tensor<4x4x12x12xf64>
    %93 = "stablehlo.multiply"(%92, %20) : (tensor<4x4x12x12xf64>, tensor<4x4x12x12xf64>) -> tensor<4x4x12x12xf64>
    %94 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %95 = "stablehlo.reduce"(%93, %94) <{dimensions = array<i64: 0, 2, 3>}> ({
    ^bb0(%arg17: tensor<f64>, %arg18: tensor<f64>):
      %221 = "stablehlo.add"(%arg17, %arg18) : (tensor<f64>, tensor<f64>) -> tensor<f64>
      "stablehlo.return"(%221) : (tensor<f64>) -> ()
    }) : (tensor<4x4x12x12xf64>, tensor<f64>) -> tensor<4xf64>
    %96 = "stablehlo.reshape"(%95) : (tensor<4xf64>) -> tensor<1x4x1x1xf64>
    %97 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %98 = "stablehlo.reduce"(%96, %97) <{dimensions = array<i64: 0, 2, 3>}> ({
    ^bb0(%arg15: tensor<f64>, %arg16: tensor<f64>):
      %220 = "stablehlo.add"(%arg15, %arg16) : (tensor<f64>, tensor<f64>) -> tensor<f64>
      "stablehlo.return"(%220) : (tensor<f64>) -> ()
    }) : (tensor<1x4x1x1xf64>, tensor<f64>) -> tensor<4xf64>
    %99 = "stablehlo.convolution"(%arg0, %93) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[f, b, 0, 1]x[i, o, 0, 1]->[f, b, 0, 1]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<1> : tensor<2x2xi64>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, window_strides = array<i64: 1, 1>}> : (tensor<4x1x12x12xf64>, tensor<4x4x12x12xf64>) -> tensor<4x1x3x3xf64>
    %100 = "stablehlo.constant"() <{value = dense<9.000000e-01> : tensor<f64>}> : () -> tensor<f64>
    %101 = "stablehlo.power"(%100, %arg2) : (tensor<f64>, tensor<f64>) -> tensor<f64>
    %102 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %103 = "stablehlo.subtract"(%102, %101) : (tensor<f64>, tensor<f64>) -> tensor<f64>
    %104 = "stablehlo.constant"() <{value = dense<0.99899999999999999> : tensor<f64>}> : () -> tensor<f64>
    %105 = "stablehlo.power"(%104, %arg2) : (tensor<f64>, tensor<f64>) -> tensor<f64>
    %106 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %107 = "stablehlo.subtract"(%106, %105) : (tensor<f64>, tensor<f64>) -> tensor<f64>
    %108 = "stablehlo.constant"() <{value = dense<9.000000e-01> : tensor<f64>}> : () -> tensor<f64>
    %109 = "stablehlo.broadcast_in_dim"(%108) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<4x1x3x3xf64>
    %110 = "stablehlo.multiply"(%109, %arg7) : (tensor<4x1x3x3xf64>, tensor<4x1x3x3xf64>) -> tensor<4x1x3x3xf64>
    %111 = "stablehlo.constant"() <{value = dense<0.099999999999999978> : tensor<f64>}> : () -> tensor<f64>
    %112 = "stablehlo.broadcast_in_dim"(%111) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<4x1x3x3xf64>
    %113 = "stablehlo.multiply"(%112, %99) : (tensor<4x1x3x3xf64>, tensor<4x1x3x3xf64>) -> tensor<4x1x3x3xf64>
    %114 = "stablehlo.add"(%110, %113) : (tensor<4x1x3x3xf64>, tensor<4x1x3x3xf64>) -> tensor<4x1x3x3xf64>
    %115 = "stablehlo.constant"() <{value = dense<0.99899999999999999> : tensor<f64>}> : () -> tensor<f64>
    %116 = "stablehlo.broadcast_in_dim"(%115) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<4x1x3x3xf64>
    %117 = "stablehlo.multiply"(%116, %arg11) : (tensor<4x1x3x3xf64>, tensor<4x1x3x3xf64>) -> tensor<4x1x3x3xf64>
    %118 = "stablehlo.constant"() <{value = dense<0.0010000000000000009> : tensor<f64>}> : () -> tensor<f64>
    %119 = "stablehlo.broadcast_in_dim"(%118) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<4x1x3x3xf64>
    %120 = "stablehlo.multiply"(%119, %99) : (tensor<4x1x3x3xf64>, tensor<4x1x3x3xf64>) -> tensor<4x1x3x3xf64>
    %121 = "stablehlo.multiply"(%120, %99) : (tensor<4x1x3x3xf64>, tensor<4x1x3x3xf64>) -> tensor<4x1x3x3xf64>
    %122 = "stablehlo.add"(%117, %121) : (tensor<4x1x3x3xf64>, tensor<4x1x3x3xf64>) -> tensor<4x1x3x3xf64>
    %123 = "stablehlo.broadcast_in_dim"(%103) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<4x1x3x3xf64>
    %124 = "stablehlo.divide"(%114, %123) : (tensor<4x1x3x3xf64>, tensor<4x1x3x3xf64>) -> tensor<4x1x3x3xf64>
    %125 = "stablehlo.broadcast_in_dim"(%107) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<4x1x3x3xf64>
    %126 = "stablehlo.divide"(%122, %125) : (tensor<4x1x3x3xf64>, tensor<4x1x3x3xf64>) -> tensor<4x1x3x3xf64>
    %127 = "stablehlo.constant"() <{value = dense<1.000000e-02> : tensor<f64>}> : () -> tensor<f64>
    %128 = "stablehlo.broadcast_in_dim"(%127) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<4x1x3x3xf64>
    %129 = "stablehlo.multiply"(%128, %124) : (tensor<4x1x3x3xf64>, tensor<4x1x3x3xf64>) -> tensor<4x1x3x3xf64>
    %130 = "stablehlo.sqrt"(%126) : (tensor<4x1x3x3xf64>) -> tensor<4x1x3x3xf64>
    %131 = "stablehlo.constant"() <{value = dense<1.000000e-08> : tensor<f64>}> : () -> tensor<f64>
    %132 = "stablehlo.broadcast_in_dim"(%131) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<4x1x3x3xf64>
    %133 = "stablehlo.add"(%130, %132) : (tensor<4x1x3x3xf64>, tensor<4x1x3x3xf64>) -> tensor<4x1x3x3xf64>
    %134 = "stablehlo.divide"(%129, %133) : (tensor<4x1x3x3xf64>, tensor<4x1x3x3xf64>) -> tensor<4x1x3x3xf64>
    %135 = "stablehlo.subtract"(%arg3, %134) : (tensor<4x1x3x3xf64>, tensor<4x1x3x3xf64>) -> tensor<4x1x3x3xf64>
    %136 = "stablehlo.constant"() <{value = dense<9.000000e-01> : tensor<f64>}> : () -> tensor<f64>
    %137 = "stablehlo.broadcast_in_dim"(%136) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<4xf64>
    %138 = "stablehlo.multiply"(%137, %arg8) : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %139 = "stablehlo.constant"() <{value = dense<0.099999999999999978> : tensor<f64>}> : () -> tensor<f64>
    %140 = "stablehlo.broadcast_in_dim"(%139) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<4xf64>
    %141 = "stablehlo.multiply"(%140, %98) : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %142 = "stablehlo.add"(%138, %141) : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %143 = "stablehlo.constant"() <{value = dense<0.99899999999999999> : tensor<f64>}> : () -> tensor<f64>
    %144 = "stablehlo.broadcast_in_dim"(%143) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<4xf64>
    %145 = "stablehlo.multiply"(%144, %arg12) : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %146 = "stablehlo.constant"() <{value = dense<0.0010000000000000009> : tensor<f64>}> : () -> tensor<f64>
    %147 = "stablehlo.broadcast_in_dim"(%146) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<4xf64>
    %148 = "stablehlo.multiply"(%147, %98) : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %149 = "stablehlo.multiply"(%148, %98) : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %150 = "stablehlo.add"(%145, %149) : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %151 = "stablehlo.broadcast_in_dim"(%103) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<4xf64>
    %152 = "stablehlo.divide"(%142, %151) : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %153 = "stablehlo.broadcast_in_dim"(%107) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<4xf64>
    %154 = "stablehlo.divide"(%150, %153) : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %155 = "stablehlo.constant"() <{value = dense<1.000000e-02> : tensor<f64>}> : () -> tensor<f64>
    %156 = "stablehlo.broadcast_in_dim"(%155) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<4xf64>
    %157 = "stablehlo.multiply"(%156, %152) : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %158 = "stablehlo.sqrt"(%154) : (tensor<4xf64>) -> tensor<4xf64>
    %159 = "stablehlo.constant"() <{value = dense<1.000000e-08> : tensor<f64>}> : () -> tensor<f64>
    %160 = "stablehlo.broadcast_in_dim"(%159) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<4xf64>
    %161 = "stablehlo.add"(%158, %160) : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %162 = "stablehlo.divide"(%157, %161) : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %163 = "stablehlo.subtract"(%arg4, %162) : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %164 = "stablehlo.constant"() <{value = dense<9.000000e-01> : tensor<f64>}> : () -> tensor<f64>
    %165 = "stablehlo.broadcast_in_dim"(%164) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<144x10xf64>
    %166 = "stablehlo.multiply"(%165, %arg9) : (tensor<144x10xf64>, tensor<144x10xf64>) -> tensor<144x10xf64>
    %167 = "stablehlo.constant"() <{value = dense<0.099999999999999978> : tensor<f64>}> : () -> tensor<f64>
    %168 = "stablehlo.broadcast_in_dim"(%167) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<144x10xf64>
    %169 = "stablehlo.multiply"(%168, %85) : (tensor<144x10xf64>, tensor<144x10xf64>) -> tensor<144x10xf64>
    %170 = "stablehlo.add"(%166, %169) : (tensor<144x10xf64>, tensor<144x10xf64>) -> tensor<144x10xf64>
    %171 = "stablehlo.constant"() <{value = dense<0.99899999999999999> : tensor<f64>}> : () -> tensor<f64>
    %172 = "stablehlo.broadcast_in_dim"(%171) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<144x10xf64>
    %173 = "stablehlo.multiply"(%172, %arg13) : (tensor<144x10xf64>, tensor<144x10xf64>) -> tensor<144x10xf64>
    %174 = "stablehlo.constant"() <{value = dense<0.0010000000000000009> : tensor<f64>}> : () -> tensor<f64>
    %175 = "stablehlo.broadcast_in_dim"(%174) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<144x10xf64>
    %176 = "stablehlo.multiply"(%175, %85) : (tensor<144x10xf64>, tensor<144x10xf64>) -> tensor<144x10xf64>
    %177 = "stablehlo.multiply"(%176, %85) : (tensor<144x10xf64>, tensor<144x10xf64>) -> tensor<144x10xf64>
    %178 = "stablehlo.add"(%173, %177) : (tensor<144x10xf64>, tensor<144x10xf64>) -> tensor<144x10xf64>
    %179 = "stablehlo.broadcast_in_dim"(%103) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<144x10xf64>
    %180 = "stablehlo.divide"(%170, %179) : (tensor<144x10xf64>, tensor<144x10xf64>) -> tensor<144x10xf64>
    %181 = "stablehlo.broadcast_in_dim"(%107) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<144x10xf64>
    %182 = "stablehlo.divide"(%178, %181) : (tensor<144x10xf64>, tensor<144x10xf64>) -> tensor<144x10xf64>
    %183 = "stablehlo.constant"() <{value = dense<1.000000e-02> : tensor<f64>}> : () -> tensor<f64>
    %184 = "stablehlo.broadcast_in_dim"(%183) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<144x10xf64>
    %185 = "stablehlo.multiply"(%184, %180) : (tensor<144x10xf64>, tensor<144x10xf64>) -> tensor<144x10xf64>
    %186 = "stablehlo.sqrt"(%182) : (tensor<144x10xf64>) -> tensor<144x10xf64>
    %187 = "stablehlo.constant"() <{value = dense<1.000000e-08> : tensor<f64>}> : () -> tensor<f64>
    %188 = "stablehlo.broadcast_in_dim"(%187) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<144x10xf64>
    %189 = "stablehlo.add"(%186, %188) : (tensor<144x10xf64>, tensor<144x10xf64>) -> tensor<144x10xf64>
    %190 = "stablehlo.divide"(%185, %189) : (tensor<144x10xf64>, tensor<144x10xf64>) -> tensor<144x10xf64>
    %191 = "stablehlo.subtract"(%arg5, %190) : (tensor<144x10xf64>, tensor<144x10xf64>) -> tensor<144x10xf64>
    %192 = "stablehlo.constant"() <{value = dense<9.000000e-01> : tensor<f64>}> : () -> tensor<f64>
    %193 = "stablehlo.broadcast_in_dim"(%192) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<10xf64>
    %194 = "stablehlo.multiply"(%193, %arg10) : (tensor<10xf64>, tensor<10xf64>) -> tensor<10xf64>
    %195 = "stablehlo.constant"() <{value = dense<0.099999999999999978> : tensor<f64>}> : () -> tensor<f64>
    %196 = "stablehlo.broadcast_in_dim"(%195) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<10xf64>
    %197 = "stablehlo.multiply"(%196, %83) : (tensor<10xf64>, tensor<10xf64>) -> tensor<10xf64>
    %198 = "stablehlo.add"(%194, %197) : (tensor<10xf64>, tensor<10xf64>) -> tensor<10xf64>
    %199 = "stablehlo.constant"() <{value = dense<0.99899999999999999> : tensor<f64>}> : () -> tensor<f64>
    %200 = "stablehlo.broadcast_in_dim"(%199) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<10xf64>
    %201 = "stablehlo.multiply"(%200, %arg14) : (tensor<10xf64>, tensor<10xf64>) -> tensor<10xf64>
    %202 = "stablehlo.constant"() <{value = dense<0.0010000000000000009> : tensor<f64>}> : () -> tensor<f64>
    %203 = "stablehlo.broadcast_in_dim"(%202) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<10xf64>
    %204 = "stablehlo.multiply"(%203, %83) : (tensor<10xf64>, tensor<10xf64>) -> tensor<10xf64>
    %205 = "stablehlo.multiply"(%204, %83) : (tensor<10xf64>, tensor<10xf64>) -> tensor<10xf64>
    %206 = "stablehlo.add"(%201, %205) : (tensor<10xf64>, tensor<10xf64>) -> tensor<10xf64>
    %207 = "stablehlo.broadcast_in_dim"(%103) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<10xf64>
    %208 = "stablehlo.divide"(%198, %207) : (tensor<10xf64>, tensor<10xf64>) -> tensor<10xf64>
    %209 = "stablehlo.broadcast_in_dim"(%107) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<10xf64>
    %210 = "stablehlo.divide"(%206, %209) : (tensor<10xf64>, tensor<10xf64>) -> tensor<10xf64>
    %211 = "stablehlo.constant"() <{value = dense<1.000000e-02> : tensor<f64>}> : () -> tensor<f64>
    %212 = "stablehlo.broadcast_in_dim"(%211) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<10xf64>
    %213 = "stablehlo.multiply"(%212, %208) : (tensor<10xf64>, tensor<10xf64>) -> tensor<10xf64>
    %214 = "stablehlo.sqrt"(%210) : (tensor<10xf64>) -> tensor<10xf64>
    %215 = "stablehlo.constant"() <{value = dense<1.000000e-08> : tensor<f64>}> : () -> tensor<f64>
    %216 = "stablehlo.broadcast_in_dim"(%215) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<10xf64>
    %217 = "stablehlo.add"(%214, %216) : (tensor<10xf64>, tensor<10xf64>) -> tensor<10xf64>
    %218 = "stablehlo.divide"(%213, %217) : (tensor<10xf64>, tensor<10xf64>) -> tensor<10xf64>
    %219 = "stablehlo.subtract"(%arg6, %218) : (tensor<10xf64>, tensor<10xf64>) -> tensor<10xf64>
    "func.return"(%61, %135, %163, %191, %219, %114, %142, %170, %198, %122, %150, %178, %206) : (tensor<f64>, tensor<4x1x3x3xf64>, tensor<4xf64>, tensor<144x10xf64>, tensor<10xf64>, tensor<4x1x3x3xf64>, tensor<4xf64>, tensor<144x10xf64>, tensor<10xf64>, tensor<4x1x3x3xf64>, tensor<4xf64>, tensor<144x10xf64>, tensor<10xf64>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
