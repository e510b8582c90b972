module @jit_model_batchnorm_fwd_bwd_f64 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x3x5x5xf64>, %arg1: tensor<3xf64>, %arg2: tensor<3xf64>, %arg3: tensor<4x3x5x5xf64>) -> (tensor<4x3x5x5xf64> {jax.result_info = "result[0]"}, tensor<4x3x5x5xf64> {jax.result_info = "result[1]"}, tensor<3xf64> {jax.result_info = "result[2]"}, tensor<3xf64> {jax.result_info = "result[3]"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [0, 2, 3] : (tensor<4x3x5x5xf64>, tensor<f64>) -> tensor<3xf64>
    %1 = stablehlo.broadcast_in_dim %0, dims = [1] : (tensor<3xf64>) -> tensor<1x3x1x1xf64>
    %cst_0 = stablehlo.constant dense<1.000000e+02> : tensor<f64>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f64>) -> tensor<1x3x1x1xf64>
    %3 = stablehlo.divide %1, %2 : tensor<1x3x1x1xf64>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2, 3] : (tensor<1x3x1x1xf64>) -> tensor<4x3x5x5xf64>
    %5 = stablehlo.subtract %arg0, %4 : tensor<4x3x5x5xf64>
    %6 = chlo.square %5 : tensor<4x3x5x5xf64> -> tensor<4x3x5x5xf64>
    %cst_1 = stablehlo.constant dense<2.000000e+00> : tensor<f64>
    %7 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f64>) -> tensor<4x3x5x5xf64>
    %8 = stablehlo.multiply %7, %5 : tensor<4x3x5x5xf64>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %9 = stablehlo.reduce(%6 init: %cst_2) applies stablehlo.add across dimensions = [0, 2, 3] : (tensor<4x3x5x5xf64>, tensor<f64>) -> tensor<3xf64>
    %10 = stablehlo.broadcast_in_dim %9, dims = [1] : (tensor<3xf64>) -> tensor<1x3x1x1xf64>
    %cst_3 = stablehlo.constant dense<1.000000e+02> : tensor<f64>
    %11 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f64>) -> tensor<1x3x1x1xf64>
    %12 = stablehlo.divide %10, %11 : tensor<1x3x1x1xf64>
    %13 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2, 3] : (tensor<1x3x1x1xf64>) -> tensor<4x3x5x5xf64>
    %14 = stablehlo.subtract %arg0, %13 : tensor<4x3x5x5xf64>
    %cst_4 = stablehlo.constant dense<1.000000e-05> : tensor<f64>
    %15 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f64>) -> tensor<1x3x1x1xf64>
    %16 = stablehlo.add %12, %15 : tensor<1x3x1x1xf64>
    %17 = stablehlo.rsqrt %16 : tensor<1x3x1x1xf64>
    %18 = stablehlo.divide %17, %16 : tensor<1x3x1x1xf64>
    %cst_5 = stablehlo.constant dense<-5.000000e-01> : tensor<f64>
    %19 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f64>) -> tensor<1x3x1x1xf64>
    %20 = stablehlo.multiply %19, %18 : tensor<1x3x1x1xf64>
    %21 = stablehlo.broadcast_in_dim %17, dims = [0, 1, 2, 3] : (tensor<1x3x1x1xf64>) -> tensor<4x3x5x5xf64>
    %22 = stablehlo.multiply %14, %21 : tensor<4x3x5x5xf64>
    %23 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<3xf64>) -> tensor<1x3x1x1xf64>
    %24 = stablehlo.broadcast_in_dim %23, dims = [0, 1, 2, 3] : (tensor<1x3x1x1xf64>) -> tensor<4x3x5x5xf64>
    %25 = stablehlo.multiply %24, %22 : tensor<4x3x5x5xf64>
    %26 = stablehlo.broadcast_in_dim %arg2, dims = [1] : (tensor<3xf64>) -> tensor<1x3x1x1xf64>
    %27 = stablehlo.broadcast_in_dim %26, dims = [0, 1, 2, 3] : (tensor<1x3x1x1xf64>) -> tensor<4x3x5x5xf64>
    %28 = stablehlo.add %25, %27 : tensor<4x3x5x5xf64>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %29 = stablehlo.reduce(%arg3 init: %cst_6) applies stablehlo.add across dimensions = [0, 2, 3] : (tensor<4x3x5x5xf64>, tensor<f64>) -> tensor<3xf64>
    %30 = stablehlo.reshape %29 : (tensor<3xf64>) -> tensor<1x3x1x1xf64>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %31 = stablehlo.reduce(%30 init: %cst_7) applies stablehlo.add across dimensions = [0, 2, 3] : (tensor<1x3x1x1xf64>, tensor<f64>) -> tensor<3xf64>
    %32 = stablehlo.broadcast_in_dim %23, dims = [0, 1, 2, 3] : (tensor<1x3x1x1xf64>) -> tensor<4x3x5x5xf64>
    %33 = stablehlo.multiply %32, %arg3 : tensor<4x3x5x5xf64>
    %34 = stablehlo.multiply %arg3, %22 : tensor<4x3x5x5xf64>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %35 = stablehlo.reduce(%34 init: %cst_8) applies stablehlo.add across dimensions = [0, 2, 3] : (tensor<4x3x5x5xf64>, tensor<f64>) -> tensor<3xf64>
    %36 = stablehlo.reshape %35 : (tensor<3xf64>) -> tensor<1x3x1x1xf64>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %37 = stablehlo.reduce(%36 init: %cst_9) applies stablehlo.add across dimensions = [0, 2, 3] : (tensor<1x3x1x1xf64>, tensor<f64>) -> tensor<3xf64>
    %38 = stablehlo.multiply %14, %33 : tensor<4x3x5x5xf64>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %39 = stablehlo.reduce(%38 init: %cst_10) applies stablehlo.add across dimensions = [0, 2, 3] : (tensor<4x3x5x5xf64>, tensor<f64>) -> tensor<3xf64>
    %40 = stablehlo.reshape %39 : (tensor<3xf64>) -> tensor<1x3x1x1xf64>
    %41 = stablehlo.broadcast_in_dim %17, dims = [0, 1, 2, 3] : (tensor<1x3x1x1xf64>) -> tensor<4x3x5x5xf64>
    %42 = stablehlo.multiply %33, %41 : tensor<4x3x5x5xf64>
    %43 = stablehlo.multiply %40, %20 : tensor<1x3x1x1xf64>
    %44 = stablehlo.negate %42 : tensor<4x3x5x5xf64>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %45 = stablehlo.reduce(%44 init: %cst_11) applies stablehlo.add across dimensions = [0, 2, 3] : (tensor<4x3x5x5xf64>, tensor<f64>) -> tensor<3xf64>
    %46 = stablehlo.reshape %45 : (tensor<3xf64>) -> tensor<1x3x1x1xf64>
    %cst_12 = stablehlo.constant dense<1.000000e+02> : tensor<f64>
    %47 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f64>) -> tensor<1x3x1x1xf64>
    %48 = stablehlo.divide %43, %47 : tensor<1x3x1x1xf64>
    %cst_13 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %49 = stablehlo.reduce(%48 init: %cst_13) applies stablehlo.add across dimensions = [0, 2, 3] : (tensor<1x3x1x1xf64>, tensor<f64>) -> tensor<3xf64>
    %50 = stablehlo.broadcast_in_dim %49, dims = [1] : (tensor<3xf64>) -> tensor<4x3x5x5xf64>
    %51 = stablehlo.multiply %50, %8 : tensor<4x3x5x5xf64>
    %52 = stablehlo.negate %51 : tensor<4x3x5x5xf64>
    %cst_14 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %53 = stablehlo.reduce(%52 init: %cst_14) applies stablehlo.add across dimensions = [0, 2, 3] : (tensor<4x3x5x5xf64>, tensor<f64>) -> tensor<3xf64>
    %54 = stablehlo.reshape %53 : (tensor<3xf64>) -> tensor<1x3x1x1xf64>
    %55 = stablehlo.add %42, %51 : tensor<4x3x5x5xf64>
    %56 = stablehlo.add %46, %54 : tensor<1x3x1x1xf64>
    %cst_15 = stablehlo.constant dense<1.000000e+02> : tensor<f64>
    %57 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f64>) -> tensor<1x3x1x1xf64>
    %58 = stablehlo.divide %56, %57 : tensor<1x3x1x1xf64>
    %cst_16 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %59 = stablehlo.reduce(%58 init: %cst_16) applies stablehlo.add across dimensions = [0, 2, 3] : (tensor<1x3x1x1xf64>, tensor<f64>) -> tensor<3xf64>
    %60 = stablehlo.broadcast_in_dim %59, dims = [1] : (tensor<3xf64>) -> tensor<4x3x5x5xf64>
    %61 = stablehlo.add %55, %60 : tensor<4x3x5x5xf64>
    return %28, %61, %37, %31 : tensor<4x3x5x5xf64>, tensor<4x3x5x5xf64>, tensor<3xf64>, tensor<3xf64>
  }
}
