module @jit_const_capture_i1_dec attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6x5xi1>) -> (tensor<6x5xi1> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<[[false, true, true, true, false], [false, true, true, true, false], [true, true, false, true, true], [false, true, true, true, false], [true, true, false, true, true], [true, false, false, false, true]]> : tensor<6x5xi1>
    %0 = stablehlo.xor %arg0, %c : tensor<6x5xi1>
    return %0 : tensor<6x5xi1>
  }
}
