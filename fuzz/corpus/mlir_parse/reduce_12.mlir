func.func @reduce_variadic_generic_i64() {
  %x = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>
  %y = stablehlo.constant dense<[[5, 6], [7, 8]]> : tensor<2x2xi64>
  %z = stablehlo.constant dense<0> : tensor<i64>
  %one = stablehlo.constant dense<1> : tensor<i64>
  %r:2 = "stablehlo.reduce"(%x, %y, %z, %one) <{dimensions = array<i64: 0>}> ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>, %c: tensor<i64>, %d: tensor<i64>):
    %s = stablehlo.add %a, %c : tensor<i64>
    %p = stablehlo.multiply %b, %d : tensor<i64>
    stablehlo.return %s, %p : tensor<i64>, tensor<i64>
  }) : (tensor<2x2xi64>, tensor<2x2xi64>, tensor<i64>, tensor<i64>) -> (tensor<2xi64>, tensor<2xi64>)
  check.expect_eq_const %r#0, dense<[4, 6]> : tensor<2xi64>
  check.expect_eq_const %r#1, dense<[35, 48]> : tensor<2xi64>
  func.return
}
