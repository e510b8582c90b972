// EXIT: 2
// add needs operands of one type.
func.func @main() {
  %0 = stablehlo.constant dense<1.0> : tensor<2xf32>
  %1 = stablehlo.constant dense<1> : tensor<2xi32>
  %2 = "stablehlo.add"(%0, %1) : (tensor<2xf32>, tensor<2xi32>) -> tensor<2xf32>
  func.return
}
