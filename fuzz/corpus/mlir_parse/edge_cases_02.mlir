func.func @empty_tensors() {
  %e = stablehlo.constant dense<> : tensor<0x3xf32>
  %s = stablehlo.add %e, %e : tensor<0x3xf32>
  check.expect_eq_const %s, dense<> : tensor<0x3xf32>
  %init = stablehlo.constant dense<7.0> : tensor<f32>
  %r = stablehlo.reduce(%e init: %init) applies stablehlo.add across dimensions = [0] : (tensor<0x3xf32>, tensor<f32>) -> tensor<3xf32>
  check.expect_eq_const %r, dense<7.0> : tensor<3xf32>
  %x = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %sl = stablehlo.slice %x [2:2] : (tensor<3xi32>) -> tensor<0xi32>
  %c = stablehlo.concatenate %sl, %x, %sl, dim = 0 : (tensor<0xi32>, tensor<3xi32>, tensor<0xi32>) -> tensor<3xi32>
  check.expect_eq_const %c, dense<[1, 2, 3]> : tensor<3xi32>
  %z = stablehlo.constant dense<0> : tensor<i32>
  %pd = stablehlo.pad %sl, %z, low = [1], high = [1], interior = [3] : (tensor<0xi32>, tensor<i32>) -> tensor<2xi32>
  check.expect_eq_const %pd, dense<0> : tensor<2xi32>
  %dg = stablehlo.dot_general %e, %e, contracting_dims = [0] x [0] : (tensor<0x3xf32>, tensor<0x3xf32>) -> tensor<3x3xf32>
  check.expect_eq_const %dg, dense<0.0> : tensor<3x3xf32>
  func.return
}
