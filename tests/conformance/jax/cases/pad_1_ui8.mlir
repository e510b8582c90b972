module @jit_pad_1_ui8 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x4xui8>) -> (tensor<6x5xui8> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<7> : tensor<ui8>
    %0 = stablehlo.pad %arg0, %c, low = [-1, 2], high = [2, -1], interior = [1, 0] : (tensor<3x4xui8>, tensor<ui8>) -> tensor<6x5xui8>
    return %0 : tensor<6x5xui8>
  }
}
