module @jit_model_batchnorm_pure_fwd_bwd_f64 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x3x5x5xf32>, %arg1: tensor<3xf32>, %arg2: tensor<3xf32>, %arg3: tensor<4x3x5x5xf32>) -> (tensor<4x3x5x5xf32> {jax.result_info = "result[0]"}, tensor<4x3x5x5xf32> {jax.result_info = "result[1]"}, tensor<3xf32> {jax.result_info = "result[2]"}, tensor<3xf32> {jax.result_info = "result[3]"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [0, 2, 3] : (tensor<4x3x5x5xf32>, tensor<f32>) -> tensor<3xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [1] : (tensor<3xf32>) -> tensor<1x3x1x1xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+02> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<1x3x1x1xf32>
    %3 = stablehlo.divide %1, %2 : tensor<1x3x1x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2, 3] : (tensor<1x3x1x1xf32>) -> tensor<4x3x5x5xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<4x3x5x5xf32>
    %6 = stablehlo.multiply %5, %5 : tensor<4x3x5x5xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [0, 2, 3] : (tensor<4x3x5x5xf32>, tensor<f32>) -> tensor<3xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [1] : (tensor<3xf32>) -> tensor<1x3x1x1xf32>
    %cst_2 = stablehlo.constant dense<1.000000e+02> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<1x3x1x1xf32>
    %10 = stablehlo.divide %8, %9 : tensor<1x3x1x1xf32>
    %cst_3 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<1x3x1x1xf32>
    %12 = stablehlo.add %10, %11 : tensor<1x3x1x1xf32>
    %13 = stablehlo.rsqrt %12 : tensor<1x3x1x1xf32>
    %14 = stablehlo.divide %13, %12 : tensor<1x3x1x1xf32>
    %cst_4 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<1x3x1x1xf32>
    %16 = stablehlo.multiply %15, %14 : tensor<1x3x1x1xf32>
    %17 = stablehlo.broadcast_in_dim %13, dims = [0, 1, 2, 3] : (tensor<1x3x1x1xf32>) -> tensor<4x3x5x5xf32>
    %18 = stablehlo.multiply %5, %17 : tensor<4x3x5x5xf32>
    %19 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<3xf32>) -> tensor<1x3x1x1xf32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [0, 1, 2, 3] : (tensor<1x3x1x1xf32>) -> tensor<4x3x5x5xf32>
    %21 = stablehlo.multiply %20, %18 : tensor<4x3x5x5xf32>
    %22 = stablehlo.broadcast_in_dim %arg2, dims = [1] : (tensor<3xf32>) -> tensor<1x3x1x1xf32>
    %23 = stablehlo.broadcast_in_dim %22, dims = [0, 1, 2, 3] : (tensor<1x3x1x1xf32>) -> tensor<4x3x5x5xf32>
    %24 = stablehlo.add %21, %23 : tensor<4x3x5x5xf32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %25 = stablehlo.reduce(%arg3 init: %cst_5) applies stablehlo.add across dimensions = [0, 2, 3] : (tensor<4x3x5x5xf32>, tensor<f32>) -> tensor<3xf32>
    %26 = stablehlo.reshape %25 : (tensor<3xf32>) -> tensor<1x3x1x1xf32>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %27 = stablehlo.reduce(%26 init: %cst_6) applies stablehlo.add across dimensions = [0, 2, 3] : (tensor<1x3x1x1xf32>, tensor<f32>) -> tensor<3xf32>
    %28 = stablehlo.broadcast_in_dim %19, dims = [0, 1, 2, 3] : (tensor<1x3x1x1xf32>) -> tensor<4x3x5x5xf32>
    %29 = stablehlo.multiply %28, %arg3 : tensor<4x3x5x5xf32>
    %30 = stablehlo.multiply %arg3, %18 : tensor<4x3x5x5xf32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %31 = stablehlo.reduce(%30 init: %cst_7) applies stablehlo.add across dimensions = [0, 2, 3] : (tensor<4x3x5x5xf32>, tensor<f32>) -> tensor<3xf32>
    %32 = stablehlo.reshape %31 : (tensor<3xf32>) -> tensor<1x3x1x1xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %33 = stablehlo.reduce(%32 init: %cst_8) applies stablehlo.add across dimensions = [0, 2, 3] : (tensor<1x3x1x1xf32>, tensor<f32>) -> tensor<3xf32>
    %34 = stablehlo.multiply %5, %29 : tensor<4x3x5x5xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %35 = stablehlo.reduce(%34 init: %cst_9) applies stablehlo.add across dimensions = [0, 2, 3] : (tensor<4x3x5x5xf32>, tensor<f32>) -> tensor<3xf32>
    %36 = stablehlo.reshape %35 : (tensor<3xf32>) -> tensor<1x3x1x1xf32>
    %37 = stablehlo.broadcast_in_dim %13, dims = [0, 1, 2, 3] : (tensor<1x3x1x1xf32>) -> tensor<4x3x5x5xf32>
    %38 = stablehlo.multiply %29, %37 : tensor<4x3x5x5xf32>
    %39 = stablehlo.multiply %36, %16 : tensor<1x3x1x1xf32>
    %cst_10 = stablehlo.constant dense<1.000000e+02> : tensor<f32>
    %40 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<1x3x1x1xf32>
    %41 = stablehlo.divide %39, %40 : tensor<1x3x1x1xf32>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %42 = stablehlo.reduce(%41 init: %cst_11) applies stablehlo.add across dimensions = [0, 2, 3] : (tensor<1x3x1x1xf32>, tensor<f32>) -> tensor<3xf32>
    %43 = stablehlo.broadcast_in_dim %42, dims = [1] : (tensor<3xf32>) -> tensor<4x3x5x5xf32>
    %44 = stablehlo.multiply %5, %43 : tensor<4x3x5x5xf32>
    %45 = stablehlo.add %38, %44 : tensor<4x3x5x5xf32>
    %46 = stablehlo.multiply %43, %5 : tensor<4x3x5x5xf32>
    %47 = stablehlo.add %45, %46 : tensor<4x3x5x5xf32>
    %48 = stablehlo.negate %47 : tensor<4x3x5x5xf32>
    %cst_12 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %49 = stablehlo.reduce(%48 init: %cst_12) applies stablehlo.add across dimensions = [0, 2, 3] : (tensor<4x3x5x5xf32>, tensor<f32>) -> tensor<3xf32>
    %50 = stablehlo.reshape %49 : (tensor<3xf32>) -> tensor<1x3x1x1xf32>
    %cst_13 = stablehlo.constant dense<1.000000e+02> : tensor<f32>
    %51 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<1x3x1x1xf32>
    %52 = stablehlo.divide %50, %51 : tensor<1x3x1x1xf32>
    %cst_14 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %53 = stablehlo.reduce(%52 init: %cst_14) applies stablehlo.add across dimensions = [0, 2, 3] : (tensor<1x3x1x1xf32>, tensor<f32>) -> tensor<3xf32>
    %54 = stablehlo.broadcast_in_dim %53, dims = [1] : (tensor<3xf32>) -> tensor<4x3x5x5xf32>
    %55 = stablehlo.add %47, %54 : tensor<4x3x5x5xf32>
    return %24, %55, %33, %27 : tensor<4x3x5x5xf32>, tensor<4x3x5x5xf32>, tensor<3xf32>, tensor<3xf32>
  }
}
