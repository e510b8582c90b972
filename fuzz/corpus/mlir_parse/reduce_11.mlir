func.func @reduce_variadic_argmax_f32() {
  %x = stablehlo.constant dense<[[1.0, 5.0, 3.0], [7.0, -2.0, 7.0]]> : tensor<2x3xf32>
  %i = stablehlo.iota dim = 1 : tensor<2x3xi32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.reduce(%x init: %ninf), (%i init: %zero) across dimensions = [1] : (tensor<2x3xf32>, tensor<2x3xi32>, tensor<f32>, tensor<i32>) -> (tensor<2xf32>, tensor<2xi32>)
   reducer(%a: tensor<f32>, %c: tensor<f32>) (%b: tensor<i32>, %d: tensor<i32>)  {
    %gt = stablehlo.compare  GT, %a, %c,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %eq = stablehlo.compare  EQ, %a, %c,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %lt = stablehlo.compare  LT, %b, %d,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %tie = stablehlo.and %eq, %lt : tensor<i1>
    %keep = stablehlo.or %gt, %tie : tensor<i1>
    %v = stablehlo.select %keep, %a, %c : tensor<i1>, tensor<f32>
    %j = stablehlo.select %keep, %b, %d : tensor<i1>, tensor<i32>
    stablehlo.return %v, %j : tensor<f32>, tensor<i32>
  }
  check.expect_eq_const %r#0, dense<[5.0, 7.0]> : tensor<2xf32>
  check.expect_eq_const %r#1, dense<[1, 0]> : tensor<2xi32>
  func.return
}
