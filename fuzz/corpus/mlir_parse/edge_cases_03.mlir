func.func @init_values() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %init = stablehlo.constant dense<100> : tensor<i32>
  %r = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [1] : (tensor<2x3xi32>, tensor<i32>) -> tensor<2xi32>
  check.expect_eq_const %r, dense<[106, 115]> : tensor<2xi32>
  %w = "stablehlo.reduce_window"(%x, %init) <{padding = dense<[[0, 1], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) : (tensor<2x3xi32>, tensor<i32>) -> tensor<2x2xi32>
  check.expect_eq_const %w, dense<[[112, 116], [309, 311]]> : tensor<2x2xi32>
  %y = stablehlo.constant dense<[[1, 5, 2, 0], [7, 3, 3, 9]]> : tensor<2x4xi32>
  %src = stablehlo.constant dense<[[10, 20]]> : tensor<1x2xi32>
  %big = stablehlo.constant dense<1000> : tensor<i32>
  %ss = "stablehlo.select_and_scatter"(%y, %src, %big) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %c = stablehlo.compare GE, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %c = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %c : tensor<i32>
  }) : (tensor<2x4xi32>, tensor<1x2xi32>, tensor<i32>) -> tensor<2x4xi32>
  check.expect_eq_const %ss, dense<[[1000, 1000, 1000, 1000], [1010, 1000, 1000, 1020]]> : tensor<2x4xi32>
  func.return
}
