module @jit_pad_2_i32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x4xi32>) -> (tensor<4x9xi32> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<-1> : tensor<i32>
    %0 = stablehlo.pad %arg0, %c, low = [-2, 1], high = [-1, 1], interior = [2, 1] : (tensor<3x4xi32>, tensor<i32>) -> tensor<4x9xi32>
    return %0 : tensor<4x9xi32>
  }
}
