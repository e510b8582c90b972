module @jit_model_cnn_adam_step_f64 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x1x12x12xf32>, %arg1: tensor<4xi32>, %arg2: tensor<f32>, %arg3: tensor<4x1x3x3xf32>, %arg4: tensor<4xf32>, %arg5: tensor<144x10xf32>, %arg6: tensor<10xf32>, %arg7: tensor<4x1x3x3xf32>, %arg8: tensor<4xf32>, %arg9: tensor<144x10xf32>, %arg10: tensor<10xf32>, %arg11: tensor<4x1x3x3xf32>, %arg12: tensor<4xf32>, %arg13: tensor<144x10xf32>, %arg14: tensor<10xf32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<4x1x3x3xf32> {jax.result_info = "result[1]"}, tensor<4xf32> {jax.result_info = "result[2]"}, tensor<144x10xf32> {jax.result_info = "result[3]"}, tensor<10xf32> {jax.result_info = "result[4]"}, tensor<4x1x3x3xf32> {jax.result_info = "result[5]"}, tensor<4xf32> {jax.result_info = "result[6]"}, tensor<144x10xf32> {jax.result_info = "result[7]"}, tensor<10xf32> {jax.result_info = "result[8]"}, tensor<4x1x3x3xf32> {jax.result_info = "result[9]"}, tensor<4xf32> {jax.result_info = "result[10]"}, tensor<144x10xf32> {jax.result_info = "result[11]"}, tensor<10xf32> {jax.result_info = "result[12]"}) {
    %0 = stablehlo.convolution(%arg0, %arg3) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<4x1x12x12xf32>, tensor<4x1x3x3xf32>) -> tensor<4x4x12x12xf32>
    %1 = stablehlo.broadcast_in_dim %arg4, dims = [1] : (tensor<4xf32>) -> tensor<1x4x1x1xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1, 2, 3] : (tensor<1x4x1x1xf32>) -> tensor<4x4x12x12xf32>
    %3 = stablehlo.add %0, %2 : tensor<4x4x12x12xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x4x12x12xf32>
    %5 = stablehlo.maximum %3, %4 : tensor<4x4x12x12xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4x4x12x12xf32>
    %7 = stablehlo.compare GT, %3, %6, FLOAT : (tensor<4x4x12x12xf32>, tensor<4x4x12x12xf32>) -> tensor<4x4x12x12xi1>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<4x4x12x12xf32>
    %9 = stablehlo.compare EQ, %3, %8, FLOAT : (tensor<4x4x12x12xf32>, tensor<4x4x12x12xf32>) -> tensor<4x4x12x12xi1>
    %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<4x4x12x12xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<4x4x12x12xf32>
    %cst_4 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<4x4x12x12xf32>
    %13 = stablehlo.select %9, %12, %11 : tensor<4x4x12x12xi1>, tensor<4x4x12x12xf32>
    %14 = stablehlo.select %7, %10, %13 : tensor<4x4x12x12xi1>, tensor<4x4x12x12xf32>
    %cst_5 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<f32>
    %16 = "stablehlo.reduce_window"(%5, %15) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<0> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 1, 2, 2>, window_strides = array<i64: 1, 1, 2, 2>}> ({
    ^bb0(%arg15: tensor<f32>, %arg16: tensor<f32>):
      %169 = stablehlo.maximum %arg15, %arg16 : tensor<f32>
      stablehlo.return %169 : tensor<f32>
    }) : (tensor<4x4x12x12xf32>, tensor<f32>) -> tensor<4x4x6x6xf32>
    %17 = stablehlo.reshape %16 : (tensor<4x4x6x6xf32>) -> tensor<4x144xf32>
    %18 = stablehlo.dot_general %17, %arg5, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x144xf32>, tensor<144x10xf32>) -> tensor<4x10xf32>
    %19 = stablehlo.broadcast_in_dim %arg6, dims = [1] : (tensor<10xf32>) -> tensor<1x10xf32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [0, 1] : (tensor<1x10xf32>) -> tensor<4x10xf32>
    %21 = stablehlo.add %18, %20 : tensor<4x10xf32>
    %cst_6 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %22 = stablehlo.reduce(%21 init: %cst_6) applies stablehlo.maximum across dimensions = [1] : (tensor<4x10xf32>, tensor<f32>) -> tensor<4xf32>
    %23 = stablehlo.reshape %22 : (tensor<4xf32>) -> tensor<4x1xf32>
    %24 = stablehlo.broadcast_in_dim %23, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x10xf32>
    %25 = stablehlo.compare EQ, %21, %24, FLOAT : (tensor<4x10xf32>, tensor<4x10xf32>) -> tensor<4x10xi1>
    %26 = stablehlo.convert %25 : (tensor<4x10xi1>) -> tensor<4x10xf32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %27 = stablehlo.reduce(%26 init: %cst_7) applies stablehlo.add across dimensions = [1] : (tensor<4x10xf32>, tensor<f32>) -> tensor<4xf32>
    %28 = stablehlo.broadcast_in_dim %22, dims = [0] : (tensor<4xf32>) -> tensor<4x1xf32>
    %29 = stablehlo.broadcast_in_dim %28, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x10xf32>
    %30 = stablehlo.subtract %21, %29 : tensor<4x10xf32>
    %31 = stablehlo.exponential %30 : tensor<4x10xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %32 = stablehlo.reduce(%31 init: %cst_8) applies stablehlo.add across dimensions = [1] : (tensor<4x10xf32>, tensor<f32>) -> tensor<4xf32>
    %33 = stablehlo.broadcast_in_dim %32, dims = [0] : (tensor<4xf32>) -> tensor<4x1xf32>
    %34 = stablehlo.log %33 : tensor<4x1xf32>
    %35 = stablehlo.add %34, %28 : tensor<4x1xf32>
    %36 = stablehlo.broadcast_in_dim %35, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x10xf32>
    %37 = stablehlo.subtract %21, %36 : tensor<4x10xf32>
    %38 = stablehlo.broadcast_in_dim %arg1, dims = [0] : (tensor<4xi32>) -> tensor<4x1xi32>
    %39 = stablehlo.iota dim = 1 : tensor<1x10xi32>
    %40 = stablehlo.broadcast_in_dim %38, dims = [0, 1] : (tensor<4x1xi32>) -> tensor<4x10xi32>
    %41 = stablehlo.broadcast_in_dim %39, dims = [0, 1] : (tensor<1x10xi32>) -> tensor<4x10xi32>
    %42 = stablehlo.compare EQ, %40, %41, SIGNED : (tensor<4x10xi32>, tensor<4x10xi32>) -> tensor<4x10xi1>
    %43 = stablehlo.convert %42 : (tensor<4x10xi1>) -> tensor<4x10xf32>
    %44 = stablehlo.multiply %43, %37 : tensor<4x10xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %45 = stablehlo.reduce(%44 init: %cst_9) applies stablehlo.add across dimensions = [1] : (tensor<4x10xf32>, tensor<f32>) -> tensor<4xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %46 = stablehlo.reduce(%45 init: %cst_10) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
    %cst_11 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %47 = stablehlo.divide %46, %cst_11 : tensor<f32>
    %48 = stablehlo.negate %47 : tensor<f32>
    %cst_12 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %49 = stablehlo.negate %cst_12 : tensor<f32>
    %cst_13 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %50 = stablehlo.divide %49, %cst_13 : tensor<f32>
    %51 = stablehlo.broadcast_in_dim %50, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %52 = stablehlo.broadcast_in_dim %51, dims = [0] : (tensor<4xf32>) -> tensor<4x10xf32>
    %53 = stablehlo.multiply %43, %52 : tensor<4x10xf32>
    %54 = stablehlo.negate %53 : tensor<4x10xf32>
    %cst_14 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %55 = stablehlo.reduce(%54 init: %cst_14) applies stablehlo.add across dimensions = [1] : (tensor<4x10xf32>, tensor<f32>) -> tensor<4xf32>
    %56 = stablehlo.reshape %55 : (tensor<4xf32>) -> tensor<4x1xf32>
    %57 = stablehlo.divide %56, %33 : tensor<4x1xf32>
    %cst_15 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %58 = stablehlo.reduce(%57 init: %cst_15) applies stablehlo.add across dimensions = [1] : (tensor<4x1xf32>, tensor<f32>) -> tensor<4xf32>
    %59 = stablehlo.broadcast_in_dim %58, dims = [0] : (tensor<4xf32>) -> tensor<4x10xf32>
    %60 = stablehlo.multiply %59, %31 : tensor<4x10xf32>
    %61 = stablehlo.add %53, %60 : tensor<4x10xf32>
    %cst_16 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %62 = stablehlo.reduce(%61 init: %cst_16) applies stablehlo.add across dimensions = [0] : (tensor<4x10xf32>, tensor<f32>) -> tensor<10xf32>
    %63 = stablehlo.reshape %62 : (tensor<10xf32>) -> tensor<1x10xf32>
    %cst_17 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %64 = stablehlo.reduce(%63 init: %cst_17) applies stablehlo.add across dimensions = [0] : (tensor<1x10xf32>, tensor<f32>) -> tensor<10xf32>
    %65 = stablehlo.dot_general %61, %17, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x10xf32>, tensor<4x144xf32>) -> tensor<10x144xf32>
    %66 = stablehlo.transpose %65, dims = [1, 0] : (tensor<10x144xf32>) -> tensor<144x10xf32>
    %67 = stablehlo.dot_general %61, %arg5, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x10xf32>, tensor<144x10xf32>) -> tensor<4x144xf32>
    %68 = stablehlo.reshape %67 : (tensor<4x144xf32>) -> tensor<4x4x6x6xf32>
    %cst_18 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %69 = stablehlo.pad %5, %cst_18, low = [0, 0, 0, 0], high = [0, 0, 0, 0], interior = [0, 0, 0, 0] : (tensor<4x4x12x12xf32>, tensor<f32>) -> tensor<4x4x12x12xf32>
    %cst_19 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %70 = "stablehlo.select_and_scatter"(%69, %68, %cst_19) <{padding = dense<0> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 1, 2, 2>, window_strides = array<i64: 1, 1, 2, 2>}> ({
    ^bb0(%arg15: tensor<f32>, %arg16: tensor<f32>):
      %169 = stablehlo.compare GE, %arg15, %arg16, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %169 : tensor<i1>
    }, {
    ^bb0(%arg15: tensor<f32>, %arg16: tensor<f32>):
      %169 = stablehlo.add %arg15, %arg16 : tensor<f32>
      stablehlo.return %169 : tensor<f32>
    }) : (tensor<4x4x12x12xf32>, tensor<4x4x6x6xf32>, tensor<f32>) -> tensor<4x4x12x12xf32>
    %71 = stablehlo.slice %70 [0:4, 0:4, 0:12, 0:12] : (tensor<4x4x12x12xf32>) -> tensor<4x4x12x12xf32>
    %72 = stablehlo.multiply %71, %14 : tensor<4x4x12x12xf32>
    %cst_20 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %73 = stablehlo.reduce(%72 init: %cst_20) applies stablehlo.add across dimensions = [0, 2, 3] : (tensor<4x4x12x12xf32>, tensor<f32>) -> tensor<4xf32>
    %74 = stablehlo.reshape %73 : (tensor<4xf32>) -> tensor<1x4x1x1xf32>
    %cst_21 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %75 = stablehlo.reduce(%74 init: %cst_21) applies stablehlo.add across dimensions = [0, 2, 3] : (tensor<1x4x1x1xf32>, tensor<f32>) -> tensor<4xf32>
    %76 = stablehlo.convolution(%arg0, %72) dim_numbers = [f, b, 0, 1]x[i, o, 0, 1]->[f, b, 0, 1], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<4x1x12x12xf32>, tensor<4x4x12x12xf32>) -> tensor<4x1x3x3xf32>
    %cst_22 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %77 = stablehlo.power %cst_22, %arg2 : tensor<f32>
    %cst_23 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %78 = stablehlo.subtract %cst_23, %77 : tensor<f32>
    %cst_24 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %79 = stablehlo.power %cst_24, %arg2 : tensor<f32>
    %cst_25 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %80 = stablehlo.subtract %cst_25, %79 : tensor<f32>
    %cst_26 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %81 = stablehlo.broadcast_in_dim %cst_26, dims = [] : (tensor<f32>) -> tensor<4x1x3x3xf32>
    %82 = stablehlo.multiply %81, %arg7 : tensor<4x1x3x3xf32>
    %cst_27 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %83 = stablehlo.broadcast_in_dim %cst_27, dims = [] : (tensor<f32>) -> tensor<4x1x3x3xf32>
    %84 = stablehlo.multiply %83, %76 : tensor<4x1x3x3xf32>
    %85 = stablehlo.add %82, %84 : tensor<4x1x3x3xf32>
    %cst_28 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %86 = stablehlo.broadcast_in_dim %cst_28, dims = [] : (tensor<f32>) -> tensor<4x1x3x3xf32>
    %87 = stablehlo.multiply %86, %arg11 : tensor<4x1x3x3xf32>
    %cst_29 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %88 = stablehlo.broadcast_in_dim %cst_29, dims = [] : (tensor<f32>) -> tensor<4x1x3x3xf32>
    %89 = stablehlo.multiply %88, %76 : tensor<4x1x3x3xf32>
    %90 = stablehlo.multiply %89, %76 : tensor<4x1x3x3xf32>
    %91 = stablehlo.add %87, %90 : tensor<4x1x3x3xf32>
    %92 = stablehlo.broadcast_in_dim %78, dims = [] : (tensor<f32>) -> tensor<4x1x3x3xf32>
    %93 = stablehlo.divide %85, %92 : tensor<4x1x3x3xf32>
    %94 = stablehlo.broadcast_in_dim %80, dims = [] : (tensor<f32>) -> tensor<4x1x3x3xf32>
    %95 = stablehlo.divide %91, %94 : tensor<4x1x3x3xf32>
    %cst_30 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %96 = stablehlo.broadcast_in_dim %cst_30, dims = [] : (tensor<f32>) -> tensor<4x1x3x3xf32>
    %97 = stablehlo.multiply %96, %93 : tensor<4x1x3x3xf32>
    %98 = stablehlo.sqrt %95 : tensor<4x1x3x3xf32>
    %cst_31 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %99 = stablehlo.broadcast_in_dim %cst_31, dims = [] : (tensor<f32>) -> tensor<4x1x3x3xf32>
    %100 = stablehlo.add %98, %99 : tensor<4x1x3x3xf32>
    %101 = stablehlo.divide %97, %100 : tensor<4x1x3x3xf32>
    %102 = stablehlo.subtract %arg3, %101 : tensor<4x1x3x3xf32>
    %cst_32 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %103 = stablehlo.broadcast_in_dim %cst_32, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %104 = stablehlo.multiply %103, %arg8 : tensor<4xf32>
    %cst_33 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %105 = stablehlo.broadcast_in_dim %cst_33, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %106 = stablehlo.multiply %105, %75 : tensor<4xf32>
    %107 = stablehlo.add %104, %106 : tensor<4xf32>
    %cst_34 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %108 = stablehlo.broadcast_in_dim %cst_34, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %109 = stablehlo.multiply %108, %arg12 : tensor<4xf32>
    %cst_35 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %110 = stablehlo.broadcast_in_dim %cst_35, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %111 = stablehlo.multiply %110, %75 : tensor<4xf32>
    %112 = stablehlo.multiply %111, %75 : tensor<4xf32>
    %113 = stablehlo.add %109, %112 : tensor<4xf32>
    %114 = stablehlo.broadcast_in_dim %78, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %115 = stablehlo.divide %107, %114 : tensor<4xf32>
    %116 = stablehlo.broadcast_in_dim %80, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %117 = stablehlo.divide %113, %116 : tensor<4xf32>
    %cst_36 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %118 = stablehlo.broadcast_in_dim %cst_36, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %119 = stablehlo.multiply %118, %115 : tensor<4xf32>
    %120 = stablehlo.sqrt %117 : tensor<4xf32>
    %cst_37 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %121 = stablehlo.broadcast_in_dim %cst_37, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %122 = stablehlo.add %120, %121 : tensor<4xf32>
    %123 = stablehlo.divide %119, %122 : tensor<4xf32>
    %124 = stablehlo.subtract %arg4, %123 : tensor<4xf32>
    %cst_38 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %125 = stablehlo.broadcast_in_dim %cst_38, dims = [] : (tensor<f32>) -> tensor<144x10xf32>
    %126 = stablehlo.multiply %125, %arg9 : tensor<144x10xf32>
    %cst_39 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %127 = stablehlo.broadcast_in_dim %cst_39, dims = [] : (tensor<f32>) -> tensor<144x10xf32>
    %128 = stablehlo.multiply %127, %66 : tensor<144x10xf32>
    %129 = stablehlo.add %126, %128 : tensor<144x10xf32>
    %cst_40 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %130 = stablehlo.broadcast_in_dim %cst_40, dims = [] : (tensor<f32>) -> tensor<144x10xf32>
    %131 = stablehlo.multiply %130, %arg13 : tensor<144x10xf32>
    %cst_41 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %132 = stablehlo.broadcast_in_dim %cst_41, dims = [] : (tensor<f32>) -> tensor<144x10xf32>
    %133 = stablehlo.multiply %132, %66 : tensor<144x10xf32>
    %134 = stablehlo.multiply %133, %66 : tensor<144x10xf32>
    %135 = stablehlo.add %131, %134 : tensor<144x10xf32>
    %136 = stablehlo.broadcast_in_dim %78, dims = [] : (tensor<f32>) -> tensor<144x10xf32>
    %137 = stablehlo.divide %129, %136 : tensor<144x10xf32>
    %138 = stablehlo.broadcast_in_dim %80, dims = [] : (tensor<f32>) -> tensor<144x10xf32>
    %139 = stablehlo.divide %135, %138 : tensor<144x10xf32>
    %cst_42 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %140 = stablehlo.broadcast_in_dim %cst_42, dims = [] : (tensor<f32>) -> tensor<144x10xf32>
    %141 = stablehlo.multiply %140, %137 : tensor<144x10xf32>
    %142 = stablehlo.sqrt %139 : tensor<144x10xf32>
    %cst_43 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %143 = stablehlo.broadcast_in_dim %cst_43, dims = [] : (tensor<f32>) -> tensor<144x10xf32>
    %144 = stablehlo.add %142, %143 : tensor<144x10xf32>
    %145 = stablehlo.divide %141, %144 : tensor<144x10xf32>
    %146 = stablehlo.subtract %arg5, %145 : tensor<144x10xf32>
    %cst_44 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %147 = stablehlo.broadcast_in_dim %cst_44, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %148 = stablehlo.multiply %147, %arg10 : tensor<10xf32>
    %cst_45 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %149 = stablehlo.broadcast_in_dim %cst_45, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %150 = stablehlo.multiply %149, %64 : tensor<10xf32>
    %151 = stablehlo.add %148, %150 : tensor<10xf32>
    %cst_46 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %152 = stablehlo.broadcast_in_dim %cst_46, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %153 = stablehlo.multiply %152, %arg14 : tensor<10xf32>
    %cst_47 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %154 = stablehlo.broadcast_in_dim %cst_47, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %155 = stablehlo.multiply %154, %64 : tensor<10xf32>
    %156 = stablehlo.multiply %155, %64 : tensor<10xf32>
    %157 = stablehlo.add %153, %156 : tensor<10xf32>
    %158 = stablehlo.broadcast_in_dim %78, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %159 = stablehlo.divide %151, %158 : tensor<10xf32>
    %160 = stablehlo.broadcast_in_dim %80, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %161 = stablehlo.divide %157, %160 : tensor<10xf32>
    %cst_48 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %162 = stablehlo.broadcast_in_dim %cst_48, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %163 = stablehlo.multiply %162, %159 : tensor<10xf32>
    %164 = stablehlo.sqrt %161 : tensor<10xf32>
    %cst_49 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %165 = stablehlo.broadcast_in_dim %cst_49, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %166 = stablehlo.add %164, %165 : tensor<10xf32>
    %167 = stablehlo.divide %163, %166 : tensor<10xf32>
    %168 = stablehlo.subtract %arg6, %167 : tensor<10xf32>
    return %48, %102, %124, %146, %168, %85, %107, %129, %151, %91, %113, %135, %157 : tensor<f32>, tensor<4x1x3x3xf32>, tensor<4xf32>, tensor<144x10xf32>, tensor<10xf32>, tensor<4x1x3x3xf32>, tensor<4xf32>, tensor<144x10xf32>, tensor<10xf32>, tensor<4x1x3x3xf32>, tensor<4xf32>, tensor<144x10xf32>, tensor<10xf32>
  }
}
