module @jit_pad_0_i32 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x4xi32>) -> (tensor<6x8xi32> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<-1> : tensor<i32>
    %0 = stablehlo.pad %arg0, %c, low = [1, 0], high = [2, 1], interior = [0, 1] : (tensor<3x4xi32>, tensor<i32>) -> tensor<6x8xi32>
    return %0 : tensor<6x8xi32>
  }
}
