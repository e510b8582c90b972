func.func @wide_integers_64() {
  %a = stablehlo.constant dense<[9007199254740993, -9223372036854775807, 4611686018427387904]> : tensor<3xi64>
  %b = stablehlo.constant dense<[2, -1, 3]> : tensor<3xi64>
  %sum = stablehlo.add %a, %b : tensor<3xi64>
  check.expect_eq_const %sum, dense<[9007199254740995, -9223372036854775808, 4611686018427387907]> : tensor<3xi64>
  %quo = stablehlo.divide %a, %b : tensor<3xi64>
  check.expect_eq_const %quo, dense<[4503599627370496, 9223372036854775807, 1537228672809129301]> : tensor<3xi64>
  %u = stablehlo.constant dense<[18446744073709551615, 9223372036854775808, 10]> : tensor<3xui64>
  %v = stablehlo.constant dense<[3, 7, 4]> : tensor<3xui64>
  %uq = stablehlo.divide %u, %v : tensor<3xui64>
  check.expect_eq_const %uq, dense<[6148914691236517205, 1317624576693539401, 2]> : tensor<3xui64>
  %ur = stablehlo.remainder %u, %v : tensor<3xui64>
  check.expect_eq_const %ur, dense<[0, 1, 2]> : tensor<3xui64>
  %um = stablehlo.maximum %u, %v : tensor<3xui64>
  check.expect_eq_const %um, dense<[18446744073709551615, 9223372036854775808, 10]> : tensor<3xui64>
  %gt = stablehlo.compare GT, %u, %v, UNSIGNED : (tensor<3xui64>, tensor<3xui64>) -> tensor<3xi1>
  check.expect_eq_const %gt, dense<true> : tensor<3xi1>
  %f = stablehlo.convert %u : (tensor<3xui64>) -> tensor<3xf32>
  check.expect_eq_const %f, dense<[1.8446744073709552e+19, 9.223372036854775808e+18, 10.0]> : tensor<3xf32>
  %p = stablehlo.power %b, %b : tensor<3xi64>
  check.expect_eq_const %p, dense<[4, -1, 27]> : tensor<3xi64>
  func.return
}
