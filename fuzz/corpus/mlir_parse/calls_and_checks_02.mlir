module @jit_custom_call_checks {
  func.func public @main() -> (tensor<i32> {jax.result_info = ""}) {
    %a = stablehlo.constant dense<[7, -3]> : tensor<2xi32>
    %b = stablehlo.constant dense<[7, -3]> : tensor<2xi32>
    stablehlo.custom_call @check.expect_eq(%a, %b) {has_side_effect = true} : (tensor<2xi32>, tensor<2xi32>) -> ()
    %x = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf64>
    %y = stablehlo.constant dense<[1.0005, 1.9995]> : tensor<2xf64>
    stablehlo.custom_call @check.expect_almost_eq(%x, %y) {has_side_effect = true} : (tensor<2xf64>, tensor<2xf64>) -> ()
    %p = stablehlo.constant dense<[true, false]> : tensor<2xi1>
    stablehlo.custom_call @check.expect_eq(%p, %p) {has_side_effect = true} : (tensor<2xi1>, tensor<2xi1>) -> ()
    %r = stablehlo.constant dense<0> : tensor<i32>
    return %r : tensor<i32>
  }
}
