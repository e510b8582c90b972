"builtin.module"() <{sym_name = "jit_model_mlp_train_step_f64"}> ({
  "func.func"() <{arg_attrs = [{}, {}, {}, {}, {}, {}], function_type = (tensor<8x6xf32>, tensor<8xi32>, tensor<6x16xf32>, tensor<16xf32>, tensor<16x4xf32>, tensor<4xf32>) -> (tensor<f32>, tensor<6x16xf32>, tensor<16xf32>, tensor<16x4xf32>, tensor<4xf32>), res_attrs = [{jax.result_info = "result[0]"}, {jax.result_info = "result[1]"}, {jax.result_info = "result[2]"}, {jax.result_info = "result[3]"}, {jax.result_info = "result[4]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<8x6xf32>, %arg1: tensor<8xi32>, %arg2: tensor<6x16xf32>, %arg3: tensor<16xf32>, %arg4: tensor<16x4xf32>, %arg5: tensor<4xf32>):
    %0 = "stablehlo.dot_general"(%arg0, %arg2) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x6xf32>, tensor<6x16xf32>) -> tensor<8x16xf32>
    %1 = "stablehlo.broadcast_in_dim"(%arg3) <{broadcast_dimensions = array<i64: 1>}> : (tensor<16xf32>) -> tensor<1x16xf32>
    %2 = "stablehlo.broadcast_in_dim"(%1) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x16xf32>) -> tensor<8x16xf32>
    %3 = "stablehlo.add"(%0, %2) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
    %4 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %5 = "stablehlo.broadcast_in_dim"(%4) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16xf32>
    %6 = "stablehlo.maximum"(%3, %5) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
    %7 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %8 = "stablehlo.broadcast_in_dim"(%7) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16xf32>
    %9 = "stablehlo.compare"(%3, %8) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xi1>
    %10 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %11 = "stablehlo.broadcast_in_dim"(%10) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16xf32>
    %12 = "stablehlo.compare"(%3, %11) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xi1>
    %13 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %14 = "stablehlo.broadcast_in_dim"(%13) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16xf32>
    %15 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %16 = "stablehlo.broadcast_in_dim"(%15) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16xf32>
    %17 = "stablehlo.constant"() <{value = dense<5.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %18 = "stablehlo.broadcast_in_dim"(%17) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16xf32>
    %19 = "stablehlo.select"(%12, %18, %16) : (tensor<8x16xi1>, tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
    %20 = "stablehlo.select"(%9, %14, %19) : (tensor<8x16xi1>, tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
    %21 = "stablehlo.dot_general"(%6, %arg4) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
    %22 = "stablehlo.broadcast_in_dim"(%arg5) <{broadcast_dimensions = array<i64: 1>}> : (tensor<4xf32>) -> tensor<1x4xf32>
    %23 = "stablehlo.broadcast_in_dim"(%22) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x4xf32>) -> tensor<8x4xf32>
    %24 = "stablehlo.add"(%21, %23) : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<8x4xf32>
    %25 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %26 = "stablehlo.reduce"(%24, %25) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg26: tensor<f32>, %arg27: tensor<f32>):
      %117 = "stablehlo.maximum"(%arg26, %arg27) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%117) : (tensor<f32>) -> ()
    }) : (tensor<8x4xf32>, tensor<f32>) -> tensor<8xf32>
    %27 = "stablehlo.reshape"(%26) : (tensor<8xf32>) -> tensor<8x1xf32>
    %28 = "stablehlo.broadcast_in_dim"(%27) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<8x1xf32>) -> tensor<8x4xf32>
    %29 = "stablehlo.compare"(%24, %28) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<8x4xi1>
    %30 = "stablehlo.convert"(%29) : (tensor<8x4xi1>) -> tensor<8x4xf32>
    %31 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %32 = "stablehlo.reduce"(%30, %31) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg24: tensor<f32>, %arg25: tensor<f32>):
      %116 = "stablehlo.add"(%arg24, %arg25) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%116) : (tensor<f32>) -> ()
    }) : (tensor<8x4xf32>, tensor<f32>) -> tensor<8xf32>
    %33 = "stablehlo.broadcast_in_dim"(%26) <{broadcast_dimensions = array<i64: 0>}> : (tensor<8xf32>) -> tensor<8x1xf32>
    %34 = "stablehlo.broadcast_in_dim"(%33) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<8x1xf32>) -> tensor<8x4xf32>
    %35 = "stablehlo.subtract"(%24, %34) : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<8x4xf32>
    %36 = "stablehlo.exponential"(%35) : (tensor<8x4xf32>) -> tensor<8x4xf32>
    %37 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %38 = "stablehlo.reduce"(%36, %37) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg22: tensor<f32>, %arg23: tensor<f32>):
      %115 = "stablehlo.add"(%arg22, %arg23) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%115) : (tensor<f32>) -> ()
    }) : (tensor<8x4xf32>, tensor<f32>) -> tensor<8xf32>
    %39 = "stablehlo.broadcast_in_dim"(%38) <{broadcast_dimensions = array<i64: 0>}> : (tensor<8xf32>) -> tensor<8x1xf32>
    %40 = "stablehlo.log"(%39) : (tensor<8x1xf32>) -> tensor<8x1xf32>
    %41 = "stablehlo.add"(%40, %33) : (tensor<8x1xf32>, tensor<8x1xf32>) -> tensor<8x1xf32>
    %42 = "stablehlo.broadcast_in_dim"(%41) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<8x1xf32>) -> tensor<8x4xf32>
    %43 = "stablehlo.subtract"(%24, %42) : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<8x4xf32>
    %44 = "stablehlo.broadcast_in_dim"(%arg1) <{broadcast_dimensions = array<i64: 0>}> : (tensor<8xi32>) -> tensor<8x1xi32>
    %45 = "stablehlo.iota"() <{iota_dimension = 1 : i64}> : () -> tensor<1x4xi32>
    %46 = "stablehlo.broadcast_in_dim"(%44) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<8x1xi32>) -> tensor<8x4xi32>
    %47 = "stablehlo.broadcast_in_dim"(%45) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x4xi32>) -> tensor<8x4xi32>
    %48 = "stablehlo.compare"(%46, %47) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<8x4xi32>, tensor<8x4xi32>) -> tensor<8x4xi1>
    %49 = "stablehlo.convert"(%48) : (tensor<8x4xi1>) -> tensor<8x4xf32>
    %50 = "stablehlo.multiply"(%49, %43) : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<8x4xf32>
    %51 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %52 = "stablehlo.reduce"(%50, %51) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg20: tensor<f32>, %arg21: tensor<f32>):
      %114 = "stablehlo.add"(%arg20, %arg21) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%114) : (tensor<f32>) -> ()
    }) : (tensor<8x4xf32>, tensor<f32>) -> tensor<8xf32>
    %53 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %54 = "stablehlo.reduce"(%52, %53) <{dimensions = array<i64: 0>}> ({
    ^bb0(%arg18: tensor<f32>, %arg19: tensor<f32>):
      %113 = "stablehlo.add"(%arg18, %arg19) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%113) : (tensor<f32>) -> ()
    }) : (tensor<8xf32>, tensor<f32>) -> tensor<f32>
    %55 = "stablehlo.constant"() <{value = dense<8.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %56 = "stablehlo.divide"(%54, %55) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %57 = "stablehlo.negate"(%56) : (tensor<f32>) -> tensor<f32>
    %58 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %59 = "stablehlo.negate"(%58) : (tensor<f32>) -> tensor<f32>
    %60 = "stablehlo.constant"() <{value = dense<8.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %61 = "stablehlo.divide"(%59, %60) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %62 = "stablehlo.broadcast_in_dim"(%61) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8xf32>
    %63 = "stablehlo.broadcast_in_dim"(%62) <{broadcast_dimensions = array<i64: 0>}> : (tensor<8xf32>) -> tensor<8x4xf32>
    %64 = "stablehlo.multiply"(%49, %63) : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<8x4xf32>
    %65 = "stablehlo.negate"(%64) : (tensor<8x4xf32>) -> tensor<8x4xf32>
    %66 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %67 = "stablehlo.reduce"(%65, %66) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg16: tensor<f32>, %arg17: tensor<f32>):
      %112 = "stablehlo.add"(%arg16, %arg17) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%112) : (tensor<f32>) -> ()
    }) : (tensor<8x4xf32>, tensor<f32>) -> tensor<8xf32>
    %68 = "stablehlo.reshape"(%67) : (tensor<8xf32>) -> tensor<8x1xf32>
    %69 = "stablehlo.divide"(%68, %39) : (tensor<8x1xf32>, tensor<8x1xf32>) -> tensor<8x1xf32>
    %70 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %71 = "stablehlo.reduce"(%69, %70) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg14: tensor<f32>, %arg15: tensor<f32>):
      %111 = "stablehlo.add"(%arg14, %arg15) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%111) : (tensor<f32>) -> ()
    }) : (tensor<8x1xf32>, tensor<f32>) -> tensor<8xf32>
    %72 = "stablehlo.broadcast_in_dim"(%71) <{broadcast_dimensions = array<i64: 0>}> : (tensor<8xf32>) -> tensor<8x4xf32>
    %73 = "stablehlo.multiply"(%72, %36) : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<8x4xf32>
    %74 = "stablehlo.add"(%64, %73) : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<8x4xf32>
    %75 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %76 = "stablehlo.reduce"(%74, %75) <{dimensions = array<i64: 0>}> ({
    ^bb0(%arg12: tensor<f32>, %arg13: tensor<f32>):
      %110 = "stablehlo.add"(%arg12, %arg13) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%110) : (tensor<f32>) -> ()
    }) : (tensor<8x4xf32>, tensor<f32>) -> tensor<4xf32>
    %77 = "stablehlo.reshape"(%76) : (tensor<4xf32>) -> tensor<1x4xf32>
    %78 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %79 = "stablehlo.reduce"(%77, %78) <{dimensions = array<i64: 0>}> ({
    ^bb0(%arg10: tensor<f32>, %arg11: tensor<f32>):
      %109 = "stablehlo.add"(%arg10, %arg11) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%109) : (tensor<f32>) -> ()
    }) : (tensor<1x4xf32>, tensor<f32>) -> tensor<4xf32>
    %80 = "stablehlo.dot_general"(%74, %6) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x4xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
    %81 = "stablehlo.transpose"(%80) <{permutation = array<i64: 1, 0>}> : (tensor<4x16xf32>) -> tensor<16x4xf32>
    %82 = "stablehlo.dot_general"(%74, %arg4) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x4xf32>, tensor<16x4xf32>) -> tensor<8x16xf32>
    %83 = "stablehlo.multiply"(%82, %20) : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
    %84 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %85 = "stablehlo.reduce"(%83, %84) <{dimensions = array<i64: 0>}> ({
    ^bb0(%arg8: tensor<f32>, %arg9: tensor<f32>):
      %108 = "stablehlo.add"(%arg8, %arg9) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%108) : (tensor<f32>) -> ()
    }) : (tensor<8x16xf32>, tensor<f32>) -> tensor<16xf32>
    %86 = "stablehlo.reshape"(%85) : (tensor<16xf32>) -> tensor<1x16xf32>
    %87 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %88 = "stablehlo.reduce"(%86, %87) <{dimensions = array<i64: 0>}> ({
    ^bb0(%arg6: tensor<f32>, %arg7: tensor<f32>):
      %107 = "stablehlo.add"(%arg6, %arg7) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%107) : (tensor<f32>) -> ()
    }) : (tensor<1x16xf32>, tensor<f32>) -> tensor<16xf32>
    %89 = "stablehlo.dot_general"(%83, %arg0) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16xf32>, tensor<8x6xf32>) -> tensor<16x6xf32>
    %90 = "stablehlo.transpose"(%89) <{permutation = array<i64: 1, 0>}> : (tensor<16x6xf32>) -> tensor<6x16xf32>
    %91 = "stablehlo.constant"() <{value = dense<1.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %92 = "stablehlo.broadcast_in_dim"(%91) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<6x16xf32>
    %93 = "stablehlo.multiply"(%92, %90) : (tensor<6x16xf32>, tensor<6x16xf32>) -> tensor<6x16xf32>
    %94 = "stablehlo.subtract"(%arg2, %93) : (tensor<6x16xf32>, tensor<6x16xf32>) -> tensor<6x16xf32>
    %95 = "stablehlo.constant"() <{value = dense<1.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %96 = "stablehlo.broadcast_in_dim"(%95) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<16xf32>
    %97 = "stablehlo.multiply"(%96, %88) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %98 = "stablehlo.subtract"(%arg3, %97) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %99 = "stablehlo.constant"() <{value = dense<1.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %100 = "stablehlo.broadcast_in_dim"(%99) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<16x4xf32>
    %101 = "stablehlo.multiply"(%100, %81) : (tensor<16x4xf32>, tensor<16x4xf32>) -> tensor<16x4xf32>
    %102 = "stablehlo.subtract"(%arg4, %101) : (tensor<16x4xf32>, tensor<16x4xf32>) -> tensor<16x4xf32>
    %103 = "stablehlo.constant"() <{value = dense<1.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %104 = "stablehlo.broadcast_in_dim"(%103) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4xf32>
    %105 = "stablehlo.multiply"(%104, %79) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %106 = "stablehlo.subtract"(%arg5, %105) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    "func.return"(%57, %94, %98, %102, %106) : (tensor<f32>, tensor<6x16xf32>, tensor<16xf32>, tensor<16x4xf32>, tensor<4xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
