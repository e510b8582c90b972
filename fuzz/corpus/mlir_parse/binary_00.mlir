// Elementwise binary ops on every element type where StableHLO defines them.
// Expected values follow the spec: integer ops wrap modulo 2^N, divide truncates toward zero,
// remainder takes the dividend's sign, add/multiply/maximum/minimum on i1 are or/and/or/and.

func.func @add_i1() {
  %lhs = stablehlo.constant dense<[false, false, true, true]> : tensor<4xi1>
  %rhs = stablehlo.constant dense<[false, true, false, true]> : tensor<4xi1>
  %result = stablehlo.add %lhs, %rhs : tensor<4xi1>
  check.expect_eq_const %result, dense<[false, true, true, true]> : tensor<4xi1>
  func.return
}
