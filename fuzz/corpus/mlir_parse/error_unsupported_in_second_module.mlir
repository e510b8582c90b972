// EXIT: 3
// The first module is fine and must not run: the unsupported op in the second is reported first.
func.func @main() {
  %0 = stablehlo.constant dense<1> : tensor<i32>
  check.expect_eq_const %0, dense<1> : tensor<i32>
  func.return
}

// -----

func.func @main() {
  %0 = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %1 = stablehlo.sine %0 : tensor<2xf32>
  func.return
}
