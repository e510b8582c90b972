// EXIT: 1
// 1 + 2^-8 rounds to 1 in bf16 (a tie, to even): 4 ulps from 1 + 2^-5, beyond the 3 allowed.
func.func @main() {
  %one = stablehlo.constant dense<1.0> : tensor<bf16>
  %tiny = stablehlo.constant dense<0.00390625> : tensor<bf16>
  %expected = stablehlo.constant dense<1.03125> : tensor<bf16>
  %sum = stablehlo.add %one, %tiny : tensor<bf16>
  check.expect_close %sum, %expected, max_ulp_difference = 3 : tensor<bf16>, tensor<bf16>
  func.return
}
