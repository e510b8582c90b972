// EXIT: 1
// 2 + 2 is not 5: the run reports the failing element and exits 1.
func.func @main() {
  %0 = stablehlo.constant dense<[2, 2]> : tensor<2xi32>
  %1 = stablehlo.add %0, %0 : tensor<2xi32>
  check.expect_eq_const %1, dense<[4, 5]> : tensor<2xi32>
  func.return
}
