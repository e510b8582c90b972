"builtin.module"() <{sym_name = "jit_model_mlp_train_step_f64"}> ({
  "func.func"() <{arg_attrs = [{}, {}, {}, {}, {}, {}], function_type = (tensor<8x6xf64>, tensor<8xi32>, tensor<6x16xf64>, tensor<16xf64>, tensor<16x4xf64>, tensor<4xf64>) -> (tensor<f64>, tensor<6x16xf64>, tensor<16xf64>, tensor<16x4xf64>, tensor<4xf64>), res_attrs = [{jax.result_info = "result[0]"}, {jax.result_info = "result[1]"}, {jax.result_info = "result[2]"}, {jax.result_info = "result[3]"}, {jax.result_info = "result[4]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<8x6xf64>, %arg1: tensor<8xi32>, %arg2: tensor<6x16xf64>, %arg3: tensor<16xf64>, %arg4: tensor<16x4xf64>, %arg5: tensor<4xf64>):
    %0 = "stablehlo.dot_general"(%arg0, %arg2) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x6xf64>, tensor<6x16xf64>) -> tensor<8x16xf64>
    %1 = "stablehlo.broadcast_in_dim"(%arg3) <{broadcast_dimensions = array<i64: 1>}> : (tensor<16xf64>) -> tensor<1x16xf64>
    %2 = "stablehlo.broadcast_in_dim"(%1) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x16xf64>) -> tensor<8x16xf64>
    %3 = "stablehlo.add"(%0, %2) : (tensor<8x16xf64>, tensor<8x16xf64>) -> tensor<8x16xf64>
    %4 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %5 = "stablehlo.broadcast_in_dim"(%4) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<8x16xf64>
    %6 = "stablehlo.maximum"(%3, %5) : (tensor<8x16xf64>, tensor<8x16xf64>) -> tensor<8x16xf64>
    %7 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %8 = "stablehlo.broadcast_in_dim"(%7) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<8x16xf64>
    %9 = "stablehlo.compare"(%3, %8) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<8x16xf64>, tensor<8x16xf64>) -> tensor<8x16xi1>
    %10 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %11 = "stablehlo.broadcast_in_dim"(%10) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<8x16xf64>
    %12 = "stablehlo.compare"(%3, %11) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<8x16xf64>, tensor<8x16xf64>) -> tensor<8x16xi1>
    %13 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %14 = "stablehlo.broadcast_in_dim"(%13) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<8x16xf64>
    %15 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %16 = "stablehlo.broadcast_in_dim"(%15) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<8x16xf64>
    %17 = "stablehlo.constant"() <{value = dense<5.000000e-01> : tensor<f64>}> : () -> tensor<f64>
    %18 = "stablehlo.broadcast_in_dim"(%17) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<8x16xf64>
    %19 = "stablehlo.select"(%12, %18, %16) : (tensor<8x16xi1>, tensor<8x16xf64>, tensor<8x16xf64>) -> tensor<8x16xf64>
    %20 = "stablehlo.select"(%9, %14, %19) : (tensor<8x16xi1>, tensor<8x16xf64>, tensor<8x16xf64>) -> tensor<8x16xf64>
    %21 = "stablehlo.dot_general"(%6, %arg4) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16xf64>, tensor<16x4xf64>) -> tensor<8x4xf64>
    %22 = "stablehlo.broadcast_in_dim"(%arg5) <{broadcast_dimensions = array<i64: 1>}> : (tensor<4xf64>) -> tensor<1x4xf64>
    %23 = "stablehlo.broadcast_in_dim"(%22) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x4xf64>) -> tensor<8x4xf64>
    %24 = "stablehlo.add"(%21, %23) : (tensor<8x4xf64>, tensor<8x4xf64>) -> tensor<8x4xf64>
    %25 = "stablehlo.constant"() <{value = dense<0xFFF0000000000000> : tensor<f64>}> : () -> tensor<f64>
    %26 = "stablehlo.reduce"(%24, %25) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg26: tensor<f64>, %arg27: tensor<f64>):
      %117 = "stablehlo.maximum"(%arg26, %arg27) : (tensor<f64>, tensor<f64>) -> tensor<f64>
      "stablehlo.return"(%117) : (tensor<f64>) -> ()
    }) : (tensor<8x4xf64>, tensor<f64>) -> tensor<8xf64>
    %27 = "stablehlo.reshape"(%26) : (tensor<8xf64>) -> tensor<8x1xf64>
    %28 = "stablehlo.broadcast_in_dim"(%27) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<8x1xf64>) -> tensor<8x4xf64>
    %29 = "stablehlo.compare"(%24, %28) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<8x4xf64>, tensor<8x4xf64>) -> tensor<8x4xi1>
    %30 = "stablehlo.convert"(%29) : (tensor<8x4xi1>) -> tensor<8x4xf64>
    %31 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %32 = "stablehlo.reduce"(%30, %31) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg24: tensor<f64>, %arg25: tensor<f64>):
      %116 = "stablehlo.add"(%arg24, %arg25) : (tensor<f64>, tensor<f64>) -> tensor<f64>
      "stablehlo.return"(%116) : (tensor<f64>) -> ()
    }) : (tensor<8x4xf64>, tensor<f64>) -> tensor<8xf64>
    %33 = "stablehlo.broadcast_in_dim"(%26) <{broadcast_dimensions = array<i64: 0>}> : (tensor<8xf64>) -> tensor<8x1xf64>
    %34 = "stablehlo.broadcast_in_dim"(%33) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<8x1xf64>) -> tensor<8x4xf64>
    %35 = "stablehlo.subtract"(%24, %34) : (tensor<8x4xf64>, tensor<8x4xf64>) -> tensor<8x4xf64>
    %36 = "stablehlo.exponential"(%35) : (tensor<8x4xf64>) -> tensor<8x4xf64>
    %37 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %38 = "stablehlo.reduce"(%36, %37) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg22: tensor<f64>, %arg23: tensor<f64>):
      %115 = "stablehlo.add"(%arg22, %arg23) : (tensor<f64>, tensor<f64>) -> tensor<f64>
      "stablehlo.return"(%115) : (tensor<f64>) -> ()
    }) : (tensor<8x4xf64>, tensor<f64>) -> tensor<8xf64>
    %39 = "stablehlo.broadcast_in_dim"(%38) <{broadcast_dimensions = array<i64: 0>}> : (tensor<8xf64>) -> tensor<8x1xf64>
    %40 = "stablehlo.log"(%39) : (tensor<8x1xf64>) -> tensor<8x1xf64>
    %41 = "stablehlo.add"(%40, %33) : (tensor<8x1xf64>, tensor<8x1xf64>) -> tensor<8x1xf64>
    %42 = "stablehlo.broadcast_in_dim"(%41) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<8x1xf64>) -> tensor<8x4xf64>
    %43 = "stablehlo.subtract"(%24, %42) : (tensor<8x4xf64>, tensor<8x4xf64>) -> tensor<8x4xf64>
    %44 = "stablehlo.broadcast_in_dim"(%arg1) <{broadcast_dimensions = array<i64: 0>}> : (tensor<8xi32>) -> tensor<8x1xi32>
    %45 = "stablehlo.iota"() <{iota_dimension = 1 : i64}> : () -> tensor<1x4xi32>
    %46 = "stablehlo.broadcast_in_dim"(%44) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<8x1xi32>) -> tensor<8x4xi32>
    %47 = "stablehlo.broadcast_in_dim"(%45) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x4xi32>) -> tensor<8x4xi32>
    %48 = "stablehlo.compare"(%46, %47) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<8x4xi32>, tensor<8x4xi32>) -> tensor<8x4xi1>
    %49 = "stablehlo.convert"(%48) : (tensor<8x4xi1>) -> tensor<8x4xf64>
    %50 = "stablehlo.multiply"(%49, %43) : (tensor<8x4xf64>, tensor<8x4xf64>) -> tensor<8x4xf64>
    %51 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %52 = "stablehlo.reduce"(%50, %51) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg20: tensor<f64>, %arg21: tensor<f64>):
      %114 = "stablehlo.add"(%arg20, %arg21) : (tensor<f64>, tensor<f64>) -> tensor<f64>
      "stablehlo.return"(%114) : (tensor<f64>) -> ()
    }) : (tensor<8x4xf64>, tensor<f64>) -> tensor<8xf64>
    %53 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %54 = "stablehlo.reduce"(%52, %53) <{dimensions = array<i64: 0>}> ({
    ^bb0(%arg18: tensor<f64>, %arg19: tensor<f64>):
      %113 = "stablehlo.add"(%arg18, %arg19) : (tensor<f64>, tensor<f64>) -> tensor<f64>
      "stablehlo.return"(%113) : (tensor<f64>) -> ()
    }) : (tensor<8xf64>, tensor<f64>) -> tensor<f64>
    %55 = "stablehlo.constant"() <{value = dense<8.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %56 = "stablehlo.divide"(%54, %55) : (tensor<f64>, tensor<f64>) -> tensor<f64>
    %57 = "stablehlo.negate"(%56) : (tensor<f64>) -> tensor<f64>
    %58 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %59 = "stablehlo.negate"(%58) : (tensor<f64>) -> tensor<f64>
    %60 = "stablehlo.constant"() <{value = dense<8.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %61 = "stablehlo.divide"(%59, %60) : (tensor<f64>, tensor<f64>) -> tensor<f64>
    %62 = "stablehlo.broadcast_in_dim"(%61) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<8xf64>
    %63 = "stablehlo.broadcast_in_dim"(%62) <{broadcast_dimensions = array<i64: 0>}> : (tensor<8xf64>) -> tensor<8x4xf64>
    %64 = "stablehlo.multiply"(%49, %63) : (tensor<8x4xf64>, tensor<8x4xf64>) -> tensor<8x4xf64>
    %65 = "stablehlo.negate"(%64) : (tensor<8x4xf64>) -> tensor<8x4xf64>
    %66 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %67 = "stablehlo.reduce"(%65, %66) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg16: tensor<f64>, %arg17: tensor<f64>):
      %112 = "stablehlo.add"(%arg16, %arg17) : (tensor<f64>, tensor<f64>) -> tensor<f64>
      "stablehlo.return"(%112) : (tensor<f64>) -> ()
    }) : (tensor<8x4xf64>, tensor<f64>) -> tensor<8xf64>
    %68 = "stablehlo.reshape"(%67) : (tensor<8xf64>) -> tensor<8x1xf64>
    %69 = "stablehlo.divide"(%68, %39) : (tensor<8x1xf64>, tensor<8x1xf64>) -> tensor<8x1xf64>
    %70 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %71 = "stablehlo.reduce"(%69, %70) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg14: tensor<f64>, %arg15: tensor<f64>):
      %111 = "stablehlo.add"(%arg14, %arg15) : (tensor<f64>, tensor<f64>) -> tensor<f64>
      "stablehlo.return"(%111) : (tensor<f64>) -> ()
    }) : (tensor<8x1xf64>, tensor<f64>) -> tensor<8xf64>
    %72 = "stablehlo.broadcast_in_dim"(%71) <{broadcast_dimensions = array<i64: 0>}> : (tensor<8xf64>) -> tensor<8x4xf64>
    %73 = "stablehlo.multiply"(%72, %36) : (tensor<8x4xf64>, tensor<8x4xf64>) -> tensor<8x4xf64>
    %74 = "stablehlo.add"(%64, %73) : (tensor<8x4xf64>, tensor<8x4xf64>) -> tensor<8x4xf64>
    %75 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %76 = "stablehlo.reduce"(%74, %75) <{dimensions = array<i64: 0>}> ({
    ^bb0(%arg12: tensor<f64>, %arg13: tensor<f64>):
      %110 = "stablehlo.add"(%arg12, %arg13) : (tensor<f64>, tensor<f64>) -> tensor<f64>
      "stablehlo.return"(%110) : (tensor<f64>) -> ()
    }) : (tensor<8x4xf64>, tensor<f64>) -> tensor<4xf64>
    %77 = "stablehlo.reshape"(%76) : (tensor<4xf64>) -> tensor<1x4xf64>
    %78 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %79 = "stablehlo.reduce"(%77, %78) <{dimensions = array<i64: 0>}> ({
    ^bb0(%arg10: tensor<f64>, %arg11: tensor<f64>):
      %109 = "stablehlo.add"(%arg10, %arg11) : (tensor<f64>, tensor<f64>) -> tensor<f64>
      "stablehlo.return"(%109) : (tensor<f64>) -> ()
    }) : (tensor<1x4xf64>, tensor<f64>) -> tensor<4xf64>
    %80 = "stablehlo.dot_general"(%74, %6) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x4xf64>, tensor<8x16xf64>) -> tensor<4x16xf64>
    %81 = "stablehlo.transpose"(%80) <{permutation = array<i64: 1, 0>}> : (tensor<4x16xf64>) -> tensor<16x4xf64>
    %82 = "stablehlo.dot_general"(%74, %arg4) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x4xf64>, tensor<16x4xf64>) -> tensor<8x16xf64>
    %83 = "stablehlo.multiply"(%82, %20) : (tensor<8x16xf64>, tensor<8x16xf64>) -> tensor<8x16xf64>
    %84 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %85 = "stablehlo.reduce"(%83, %84) <{dimensions = array<i64: 0>}> ({
    ^bb0(%arg8: tensor<f64>, %arg9: tensor<f64>):
      %108 = "stablehlo.add"(%arg8, %arg9) : (tensor<f64>, tensor<f64>) -> tensor<f64>
      "stablehlo.return"(%108) : (tensor<f64>) -> ()
    }) : (tensor<8x16xf64>, tensor<f64>) -> tensor<16xf64>
    %86 = "stablehlo.reshape"(%85) : (tensor<16xf64>) -> tensor<1x16xf64>
    %87 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %88 = "stablehlo.reduce"(%86, %87) <{dimensions = array<i64: 0>}> ({
    ^bb0(%arg6: tensor<f64>, %arg7: tensor<f64>):
      %107 = "stablehlo.add"(%arg6, %arg7) : (tensor<f64>, tensor<f64>) -> tensor<f64>
      "stablehlo.return"(%107) : (tensor<f64>) -> ()
    }) : (tensor<1x16xf64>, tensor<f64>) -> tensor<16xf64>
    %89 = "stablehlo.dot_general"(%83, %arg0) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x16xf64>, tensor<8x6xf64>) -> tensor<16x6xf64>
    %90 = "stablehlo.transpose"(%89) <{permutation = array<i64: 1, 0>}> : (tensor<16x6xf64>) -> tensor<6x16xf64>
    %91 = "stablehlo.constant"() <{value = dense<1.000000e-01> : tensor<f64>}> : () -> tensor<f64>
    %92 = "stablehlo.broadcast_in_dim"(%91) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<6x16xf64>
    %93 = "stablehlo.multiply"(%92, %90) : (tensor<6x16xf64>, tensor<6x16xf64>) -> tensor<6x16xf64>
    %94 = "stablehlo.subtract"(%arg2, %93) : (tensor<6x16xf64>, tensor<6x16xf64>) -> tensor<6x16xf64>
    %95 = "stablehlo.constant"() <{value = dense<1.000000e-01> : tensor<f64>}> : () -> tensor<f64>
    %96 = "stablehlo.broadcast_in_dim"(%95) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<16xf64>
    %97 = "stablehlo.multiply"(%96, %88) : (tensor<16xf64>, tensor<16xf64>) -> tensor<16xf64>
    %98 = "stablehlo.subtract"(%arg3, %97) : (tensor<16xf64>, tensor<16xf64>) -> tensor<16xf64>
    %99 = "stablehlo.constant"() <{value = dense<1.000000e-01> : tensor<f64>}> : () -> tensor<f64>
    %100 = "stablehlo.broadcast_in_dim"(%99) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<16x4xf64>
    %101 = "stablehlo.multiply"(%100, %81) : (tensor<16x4xf64>, tensor<16x4xf64>) -> tensor<16x4xf64>
    %102 = "stablehlo.subtract"(%arg4, %101) : (tensor<16x4xf64>, tensor<16x4xf64>) -> tensor<16x4xf64>
    %103 = "stablehlo.constant"() <{value = dense<1.000000e-01> : tensor<f64>}> : () -> tensor<f64>
    %104 = "stablehlo.broadcast_in_dim"(%103) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<4xf64>
    %105 = "stablehlo.multiply"(%104, %79) : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    %106 = "stablehlo.subtract"(%arg5, %105) : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
    "func.return"(%57, %94, %98, %102, %106) : (tensor<f64>, tensor<6x16xf64>, tensor<16xf64>, tensor<16x4xf64>, tensor<4xf64>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
