module @jit_model_batchnorm_value_and_grad_f32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x3x4x4xf32>, %arg1: tensor<3xf32>, %arg2: tensor<3xf32>, %arg3: tensor<2x3x4x4xf32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<2x3x4x4xf32> {jax.result_info = "result[1]"}, tensor<3xf32> {jax.result_info = "result[2]"}, tensor<3xf32> {jax.result_info = "result[3]"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [0, 2, 3] : (tensor<2x3x4x4xf32>, tensor<f32>) -> tensor<3xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [1] : (tensor<3xf32>) -> tensor<1x3x1x1xf32>
    %cst_0 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<1x3x1x1xf32>
    %3 = stablehlo.divide %1, %2 : tensor<1x3x1x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2, 3] : (tensor<1x3x1x1xf32>) -> tensor<2x3x4x4xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<2x3x4x4xf32>
    %6 = chlo.square %5 : tensor<2x3x4x4xf32> -> tensor<2x3x4x4xf32>
    %cst_1 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x3x4x4xf32>
    %8 = stablehlo.multiply %7, %5 : tensor<2x3x4x4xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %9 = stablehlo.reduce(%6 init: %cst_2) applies stablehlo.add across dimensions = [0, 2, 3] : (tensor<2x3x4x4xf32>, tensor<f32>) -> tensor<3xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [1] : (tensor<3xf32>) -> tensor<1x3x1x1xf32>
    %cst_3 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<1x3x1x1xf32>
    %12 = stablehlo.divide %10, %11 : tensor<1x3x1x1xf32>
    %13 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2, 3] : (tensor<1x3x1x1xf32>) -> tensor<2x3x4x4xf32>
    %14 = stablehlo.subtract %arg0, %13 : tensor<2x3x4x4xf32>
    %cst_4 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<1x3x1x1xf32>
    %16 = stablehlo.add %12, %15 : tensor<1x3x1x1xf32>
    %17 = stablehlo.rsqrt %16 : tensor<1x3x1x1xf32>
    %18 = stablehlo.divide %17, %16 : tensor<1x3x1x1xf32>
    %cst_5 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %19 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<1x3x1x1xf32>
    %20 = stablehlo.multiply %19, %18 : tensor<1x3x1x1xf32>
    %21 = stablehlo.broadcast_in_dim %17, dims = [0, 1, 2, 3] : (tensor<1x3x1x1xf32>) -> tensor<2x3x4x4xf32>
    %22 = stablehlo.multiply %14, %21 : tensor<2x3x4x4xf32>
    %23 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<3xf32>) -> tensor<1x3x1x1xf32>
    %24 = stablehlo.broadcast_in_dim %23, dims = [0, 1, 2, 3] : (tensor<1x3x1x1xf32>) -> tensor<2x3x4x4xf32>
    %25 = stablehlo.multiply %24, %22 : tensor<2x3x4x4xf32>
    %26 = stablehlo.broadcast_in_dim %arg2, dims = [1] : (tensor<3xf32>) -> tensor<1x3x1x1xf32>
    %27 = stablehlo.broadcast_in_dim %26, dims = [0, 1, 2, 3] : (tensor<1x3x1x1xf32>) -> tensor<2x3x4x4xf32>
    %28 = stablehlo.add %25, %27 : tensor<2x3x4x4xf32>
    %29 = stablehlo.multiply %28, %arg3 : tensor<2x3x4x4xf32>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %30 = stablehlo.reduce(%29 init: %cst_6) applies stablehlo.add across dimensions = [0, 1, 2, 3] : (tensor<2x3x4x4xf32>, tensor<f32>) -> tensor<f32>
    %cst_7 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %31 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<2x3x4x4xf32>
    %32 = stablehlo.multiply %31, %arg3 : tensor<2x3x4x4xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %33 = stablehlo.reduce(%32 init: %cst_8) applies stablehlo.add across dimensions = [0, 2, 3] : (tensor<2x3x4x4xf32>, tensor<f32>) -> tensor<3xf32>
    %34 = stablehlo.reshape %33 : (tensor<3xf32>) -> tensor<1x3x1x1xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %35 = stablehlo.reduce(%34 init: %cst_9) applies stablehlo.add across dimensions = [0, 2, 3] : (tensor<1x3x1x1xf32>, tensor<f32>) -> tensor<3xf32>
    %36 = stablehlo.broadcast_in_dim %23, dims = [0, 1, 2, 3] : (tensor<1x3x1x1xf32>) -> tensor<2x3x4x4xf32>
    %37 = stablehlo.multiply %36, %32 : tensor<2x3x4x4xf32>
    %38 = stablehlo.multiply %32, %22 : tensor<2x3x4x4xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %39 = stablehlo.reduce(%38 init: %cst_10) applies stablehlo.add across dimensions = [0, 2, 3] : (tensor<2x3x4x4xf32>, tensor<f32>) -> tensor<3xf32>
    %40 = stablehlo.reshape %39 : (tensor<3xf32>) -> tensor<1x3x1x1xf32>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %41 = stablehlo.reduce(%40 init: %cst_11) applies stablehlo.add across dimensions = [0, 2, 3] : (tensor<1x3x1x1xf32>, tensor<f32>) -> tensor<3xf32>
    %42 = stablehlo.multiply %14, %37 : tensor<2x3x4x4xf32>
    %cst_12 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %43 = stablehlo.reduce(%42 init: %cst_12) applies stablehlo.add across dimensions = [0, 2, 3] : (tensor<2x3x4x4xf32>, tensor<f32>) -> tensor<3xf32>
    %44 = stablehlo.reshape %43 : (tensor<3xf32>) -> tensor<1x3x1x1xf32>
    %45 = stablehlo.broadcast_in_dim %17, dims = [0, 1, 2, 3] : (tensor<1x3x1x1xf32>) -> tensor<2x3x4x4xf32>
    %46 = stablehlo.multiply %37, %45 : tensor<2x3x4x4xf32>
    %47 = stablehlo.multiply %44, %20 : tensor<1x3x1x1xf32>
    %48 = stablehlo.negate %46 : tensor<2x3x4x4xf32>
    %cst_13 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %49 = stablehlo.reduce(%48 init: %cst_13) applies stablehlo.add across dimensions = [0, 2, 3] : (tensor<2x3x4x4xf32>, tensor<f32>) -> tensor<3xf32>
    %50 = stablehlo.reshape %49 : (tensor<3xf32>) -> tensor<1x3x1x1xf32>
    %cst_14 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %51 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<1x3x1x1xf32>
    %52 = stablehlo.divide %47, %51 : tensor<1x3x1x1xf32>
    %cst_15 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %53 = stablehlo.reduce(%52 init: %cst_15) applies stablehlo.add across dimensions = [0, 2, 3] : (tensor<1x3x1x1xf32>, tensor<f32>) -> tensor<3xf32>
    %54 = stablehlo.broadcast_in_dim %53, dims = [1] : (tensor<3xf32>) -> tensor<2x3x4x4xf32>
    %55 = stablehlo.multiply %54, %8 : tensor<2x3x4x4xf32>
    %56 = stablehlo.negate %55 : tensor<2x3x4x4xf32>
    %cst_16 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %57 = stablehlo.reduce(%56 init: %cst_16) applies stablehlo.add across dimensions = [0, 2, 3] : (tensor<2x3x4x4xf32>, tensor<f32>) -> tensor<3xf32>
    %58 = stablehlo.reshape %57 : (tensor<3xf32>) -> tensor<1x3x1x1xf32>
    %59 = stablehlo.add %46, %55 : tensor<2x3x4x4xf32>
    %60 = stablehlo.add %50, %58 : tensor<1x3x1x1xf32>
    %cst_17 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %61 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<1x3x1x1xf32>
    %62 = stablehlo.divide %60, %61 : tensor<1x3x1x1xf32>
    %cst_18 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %63 = stablehlo.reduce(%62 init: %cst_18) applies stablehlo.add across dimensions = [0, 2, 3] : (tensor<1x3x1x1xf32>, tensor<f32>) -> tensor<3xf32>
    %64 = stablehlo.broadcast_in_dim %63, dims = [1] : (tensor<3xf32>) -> tensor<2x3x4x4xf32>
    %65 = stablehlo.add %59, %64 : tensor<2x3x4x4xf32>
    return %30, %65, %41, %35 : tensor<f32>, tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>
  }
}
