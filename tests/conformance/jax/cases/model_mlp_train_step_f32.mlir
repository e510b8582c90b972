module @jit_model_mlp_train_step_f64 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x6xf32>, %arg1: tensor<8xi32>, %arg2: tensor<6x16xf32>, %arg3: tensor<16xf32>, %arg4: tensor<16x4xf32>, %arg5: tensor<4xf32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<6x16xf32> {jax.result_info = "result[1]"}, tensor<16xf32> {jax.result_info = "result[2]"}, tensor<16x4xf32> {jax.result_info = "result[3]"}, tensor<4xf32> {jax.result_info = "result[4]"}) {
    %0 = stablehlo.dot_general %arg0, %arg2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x6xf32>, tensor<6x16xf32>) -> tensor<8x16xf32>
    %1 = stablehlo.broadcast_in_dim %arg3, dims = [1] : (tensor<16xf32>) -> tensor<1x16xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<1x16xf32>) -> tensor<8x16xf32>
    %3 = stablehlo.add %0, %2 : tensor<8x16xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %5 = stablehlo.maximum %3, %4 : tensor<8x16xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %7 = stablehlo.compare GT, %3, %6, FLOAT : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xi1>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %9 = stablehlo.compare EQ, %3, %8, FLOAT : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16xi1>
    %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %cst_4 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %13 = stablehlo.select %9, %12, %11 : tensor<8x16xi1>, tensor<8x16xf32>
    %14 = stablehlo.select %7, %10, %13 : tensor<8x16xi1>, tensor<8x16xf32>
    %15 = stablehlo.dot_general %5, %arg4, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
    %16 = stablehlo.broadcast_in_dim %arg5, dims = [1] : (tensor<4xf32>) -> tensor<1x4xf32>
    %17 = stablehlo.broadcast_in_dim %16, dims = [0, 1] : (tensor<1x4xf32>) -> tensor<8x4xf32>
    %18 = stablehlo.add %15, %17 : tensor<8x4xf32>
    %cst_5 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %19 = stablehlo.reduce(%18 init: %cst_5) applies stablehlo.maximum across dimensions = [1] : (tensor<8x4xf32>, tensor<f32>) -> tensor<8xf32>
    %20 = stablehlo.reshape %19 : (tensor<8xf32>) -> tensor<8x1xf32>
    %21 = stablehlo.broadcast_in_dim %20, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x4xf32>
    %22 = stablehlo.compare EQ, %18, %21, FLOAT : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<8x4xi1>
    %23 = stablehlo.convert %22 : (tensor<8x4xi1>) -> tensor<8x4xf32>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %24 = stablehlo.reduce(%23 init: %cst_6) applies stablehlo.add across dimensions = [1] : (tensor<8x4xf32>, tensor<f32>) -> tensor<8xf32>
    %25 = stablehlo.broadcast_in_dim %19, dims = [0] : (tensor<8xf32>) -> tensor<8x1xf32>
    %26 = stablehlo.broadcast_in_dim %25, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x4xf32>
    %27 = stablehlo.subtract %18, %26 : tensor<8x4xf32>
    %28 = stablehlo.exponential %27 : tensor<8x4xf32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %29 = stablehlo.reduce(%28 init: %cst_7) applies stablehlo.add across dimensions = [1] : (tensor<8x4xf32>, tensor<f32>) -> tensor<8xf32>
    %30 = stablehlo.broadcast_in_dim %29, dims = [0] : (tensor<8xf32>) -> tensor<8x1xf32>
    %31 = stablehlo.log %30 : tensor<8x1xf32>
    %32 = stablehlo.add %31, %25 : tensor<8x1xf32>
    %33 = stablehlo.broadcast_in_dim %32, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x4xf32>
    %34 = stablehlo.subtract %18, %33 : tensor<8x4xf32>
    %35 = stablehlo.broadcast_in_dim %arg1, dims = [0] : (tensor<8xi32>) -> tensor<8x1xi32>
    %36 = stablehlo.iota dim = 1 : tensor<1x4xi32>
    %37 = stablehlo.broadcast_in_dim %35, dims = [0, 1] : (tensor<8x1xi32>) -> tensor<8x4xi32>
    %38 = stablehlo.broadcast_in_dim %36, dims = [0, 1] : (tensor<1x4xi32>) -> tensor<8x4xi32>
    %39 = stablehlo.compare EQ, %37, %38, SIGNED : (tensor<8x4xi32>, tensor<8x4xi32>) -> tensor<8x4xi1>
    %40 = stablehlo.convert %39 : (tensor<8x4xi1>) -> tensor<8x4xf32>
    %41 = stablehlo.multiply %40, %34 : tensor<8x4xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %42 = stablehlo.reduce(%41 init: %cst_8) applies stablehlo.add across dimensions = [1] : (tensor<8x4xf32>, tensor<f32>) -> tensor<8xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %43 = stablehlo.reduce(%42 init: %cst_9) applies stablehlo.add across dimensions = [0] : (tensor<8xf32>, tensor<f32>) -> tensor<f32>
    %cst_10 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %44 = stablehlo.divide %43, %cst_10 : tensor<f32>
    %45 = stablehlo.negate %44 : tensor<f32>
    %cst_11 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %46 = stablehlo.negate %cst_11 : tensor<f32>
    %cst_12 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %47 = stablehlo.divide %46, %cst_12 : tensor<f32>
    %48 = stablehlo.broadcast_in_dim %47, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %49 = stablehlo.broadcast_in_dim %48, dims = [0] : (tensor<8xf32>) -> tensor<8x4xf32>
    %50 = stablehlo.multiply %40, %49 : tensor<8x4xf32>
    %51 = stablehlo.negate %50 : tensor<8x4xf32>
    %cst_13 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %52 = stablehlo.reduce(%51 init: %cst_13) applies stablehlo.add across dimensions = [1] : (tensor<8x4xf32>, tensor<f32>) -> tensor<8xf32>
    %53 = stablehlo.reshape %52 : (tensor<8xf32>) -> tensor<8x1xf32>
    %54 = stablehlo.divide %53, %30 : tensor<8x1xf32>
    %cst_14 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %55 = stablehlo.reduce(%54 init: %cst_14) applies stablehlo.add across dimensions = [1] : (tensor<8x1xf32>, tensor<f32>) -> tensor<8xf32>
    %56 = stablehlo.broadcast_in_dim %55, dims = [0] : (tensor<8xf32>) -> tensor<8x4xf32>
    %57 = stablehlo.multiply %56, %28 : tensor<8x4xf32>
    %58 = stablehlo.add %50, %57 : tensor<8x4xf32>
    %cst_15 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %59 = stablehlo.reduce(%58 init: %cst_15) applies stablehlo.add across dimensions = [0] : (tensor<8x4xf32>, tensor<f32>) -> tensor<4xf32>
    %60 = stablehlo.reshape %59 : (tensor<4xf32>) -> tensor<1x4xf32>
    %cst_16 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %61 = stablehlo.reduce(%60 init: %cst_16) applies stablehlo.add across dimensions = [0] : (tensor<1x4xf32>, tensor<f32>) -> tensor<4xf32>
    %62 = stablehlo.dot_general %58, %5, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x4xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
    %63 = stablehlo.transpose %62, dims = [1, 0] : (tensor<4x16xf32>) -> tensor<16x4xf32>
    %64 = stablehlo.dot_general %58, %arg4, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x4xf32>, tensor<16x4xf32>) -> tensor<8x16xf32>
    %65 = stablehlo.multiply %64, %14 : tensor<8x16xf32>
    %cst_17 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %66 = stablehlo.reduce(%65 init: %cst_17) applies stablehlo.add across dimensions = [0] : (tensor<8x16xf32>, tensor<f32>) -> tensor<16xf32>
    %67 = stablehlo.reshape %66 : (tensor<16xf32>) -> tensor<1x16xf32>
    %cst_18 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %68 = stablehlo.reduce(%67 init: %cst_18) applies stablehlo.add across dimensions = [0] : (tensor<1x16xf32>, tensor<f32>) -> tensor<16xf32>
    %69 = stablehlo.dot_general %65, %arg0, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16xf32>, tensor<8x6xf32>) -> tensor<16x6xf32>
    %70 = stablehlo.transpose %69, dims = [1, 0] : (tensor<16x6xf32>) -> tensor<6x16xf32>
    %cst_19 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %71 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<6x16xf32>
    %72 = stablehlo.multiply %71, %70 : tensor<6x16xf32>
    %73 = stablehlo.subtract %arg2, %72 : tensor<6x16xf32>
    %cst_20 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %74 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %75 = stablehlo.multiply %74, %68 : tensor<16xf32>
    %76 = stablehlo.subtract %arg3, %75 : tensor<16xf32>
    %cst_21 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %77 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<16x4xf32>
    %78 = stablehlo.multiply %77, %63 : tensor<16x4xf32>
    %79 = stablehlo.subtract %arg4, %78 : tensor<16x4xf32>
    %cst_22 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %80 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %81 = stablehlo.multiply %80, %61 : tensor<4xf32>
    %82 = stablehlo.subtract %arg5, %81 : tensor<4xf32>
    return %45, %73, %76, %79, %82 : tensor<f32>, tensor<6x16xf32>, tensor<16xf32>, tensor<16x4xf32>, tensor<4xf32>
  }
}
