// EXIT: 2
func.func @main() {
  %0 = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %1 = "stablehlo.slice"(%0) <{start_indices = array<i64: 1>, limit_indices = array<i64: 7>, strides = array<i64: 1>}> : (tensor<3xi32>) -> tensor<6xi32>
  func.return
}
