// EXIT: 2
// The file ends inside an op.
func.func @main() {
  %0 = stablehlo.constant dense<[1.0, 2.0
