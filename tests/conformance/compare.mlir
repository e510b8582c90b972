// stablehlo.compare: every direction on every element type, with the comparison type the
// spec prescribes (SIGNED, UNSIGNED for unsigned and i1, FLOAT or TOTALORDER for floats).

func.func @compare_i1() {
  %lhs = stablehlo.constant dense<[false, false, true, true]> : tensor<4xi1>
  %rhs = stablehlo.constant dense<[false, true, false, true]> : tensor<4xi1>
  %eq = stablehlo.compare  EQ, %lhs, %rhs,  UNSIGNED : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  check.expect_eq_const %eq, dense<[true, false, false, true]> : tensor<4xi1>
  %ne = stablehlo.compare  NE, %lhs, %rhs,  UNSIGNED : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  check.expect_eq_const %ne, dense<[false, true, true, false]> : tensor<4xi1>
  %ge = stablehlo.compare  GE, %lhs, %rhs,  UNSIGNED : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  check.expect_eq_const %ge, dense<[true, false, true, true]> : tensor<4xi1>
  %gt = stablehlo.compare  GT, %lhs, %rhs,  UNSIGNED : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  check.expect_eq_const %gt, dense<[false, false, true, false]> : tensor<4xi1>
  %le = stablehlo.compare  LE, %lhs, %rhs,  UNSIGNED : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  check.expect_eq_const %le, dense<[true, true, false, true]> : tensor<4xi1>
  %lt = stablehlo.compare  LT, %lhs, %rhs,  UNSIGNED : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  check.expect_eq_const %lt, dense<[false, true, false, false]> : tensor<4xi1>
  func.return
}

// -----

func.func @compare_i8() {
  %lhs = stablehlo.constant dense<[-3, 0, 5, 7]> : tensor<4xi8>
  %rhs = stablehlo.constant dense<[2, 0, -4, 7]> : tensor<4xi8>
  %eq = stablehlo.compare  EQ, %lhs, %rhs,  SIGNED : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi1>
  check.expect_eq_const %eq, dense<[false, true, false, true]> : tensor<4xi1>
  %ne = stablehlo.compare  NE, %lhs, %rhs,  SIGNED : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi1>
  check.expect_eq_const %ne, dense<[true, false, true, false]> : tensor<4xi1>
  %ge = stablehlo.compare  GE, %lhs, %rhs,  SIGNED : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi1>
  check.expect_eq_const %ge, dense<[false, true, true, true]> : tensor<4xi1>
  %gt = stablehlo.compare  GT, %lhs, %rhs,  SIGNED : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi1>
  check.expect_eq_const %gt, dense<[false, false, true, false]> : tensor<4xi1>
  %le = stablehlo.compare  LE, %lhs, %rhs,  SIGNED : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi1>
  check.expect_eq_const %le, dense<[true, true, false, true]> : tensor<4xi1>
  %lt = stablehlo.compare  LT, %lhs, %rhs,  SIGNED : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi1>
  check.expect_eq_const %lt, dense<[true, false, false, false]> : tensor<4xi1>
  func.return
}

// -----

func.func @compare_i16() {
  %lhs = stablehlo.constant dense<[-3, 0, 5, 7]> : tensor<4xi16>
  %rhs = stablehlo.constant dense<[2, 0, -4, 7]> : tensor<4xi16>
  %eq = stablehlo.compare  EQ, %lhs, %rhs,  SIGNED : (tensor<4xi16>, tensor<4xi16>) -> tensor<4xi1>
  check.expect_eq_const %eq, dense<[false, true, false, true]> : tensor<4xi1>
  %ne = stablehlo.compare  NE, %lhs, %rhs,  SIGNED : (tensor<4xi16>, tensor<4xi16>) -> tensor<4xi1>
  check.expect_eq_const %ne, dense<[true, false, true, false]> : tensor<4xi1>
  %ge = stablehlo.compare  GE, %lhs, %rhs,  SIGNED : (tensor<4xi16>, tensor<4xi16>) -> tensor<4xi1>
  check.expect_eq_const %ge, dense<[false, true, true, true]> : tensor<4xi1>
  %gt = stablehlo.compare  GT, %lhs, %rhs,  SIGNED : (tensor<4xi16>, tensor<4xi16>) -> tensor<4xi1>
  check.expect_eq_const %gt, dense<[false, false, true, false]> : tensor<4xi1>
  %le = stablehlo.compare  LE, %lhs, %rhs,  SIGNED : (tensor<4xi16>, tensor<4xi16>) -> tensor<4xi1>
  check.expect_eq_const %le, dense<[true, true, false, true]> : tensor<4xi1>
  %lt = stablehlo.compare  LT, %lhs, %rhs,  SIGNED : (tensor<4xi16>, tensor<4xi16>) -> tensor<4xi1>
  check.expect_eq_const %lt, dense<[true, false, false, false]> : tensor<4xi1>
  func.return
}

// -----

func.func @compare_i32() {
  %lhs = stablehlo.constant dense<[-3, 0, 5, 7]> : tensor<4xi32>
  %rhs = stablehlo.constant dense<[2, 0, -4, 7]> : tensor<4xi32>
  %eq = stablehlo.compare  EQ, %lhs, %rhs,  SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  check.expect_eq_const %eq, dense<[false, true, false, true]> : tensor<4xi1>
  %ne = stablehlo.compare  NE, %lhs, %rhs,  SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  check.expect_eq_const %ne, dense<[true, false, true, false]> : tensor<4xi1>
  %ge = stablehlo.compare  GE, %lhs, %rhs,  SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  check.expect_eq_const %ge, dense<[false, true, true, true]> : tensor<4xi1>
  %gt = stablehlo.compare  GT, %lhs, %rhs,  SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  check.expect_eq_const %gt, dense<[false, false, true, false]> : tensor<4xi1>
  %le = stablehlo.compare  LE, %lhs, %rhs,  SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  check.expect_eq_const %le, dense<[true, true, false, true]> : tensor<4xi1>
  %lt = stablehlo.compare  LT, %lhs, %rhs,  SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  check.expect_eq_const %lt, dense<[true, false, false, false]> : tensor<4xi1>
  func.return
}

// -----

func.func @compare_i64() {
  %lhs = stablehlo.constant dense<[-3, 0, 5, 7]> : tensor<4xi64>
  %rhs = stablehlo.constant dense<[2, 0, -4, 7]> : tensor<4xi64>
  %eq = stablehlo.compare  EQ, %lhs, %rhs,  SIGNED : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi1>
  check.expect_eq_const %eq, dense<[false, true, false, true]> : tensor<4xi1>
  %ne = stablehlo.compare  NE, %lhs, %rhs,  SIGNED : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi1>
  check.expect_eq_const %ne, dense<[true, false, true, false]> : tensor<4xi1>
  %ge = stablehlo.compare  GE, %lhs, %rhs,  SIGNED : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi1>
  check.expect_eq_const %ge, dense<[false, true, true, true]> : tensor<4xi1>
  %gt = stablehlo.compare  GT, %lhs, %rhs,  SIGNED : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi1>
  check.expect_eq_const %gt, dense<[false, false, true, false]> : tensor<4xi1>
  %le = stablehlo.compare  LE, %lhs, %rhs,  SIGNED : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi1>
  check.expect_eq_const %le, dense<[true, true, false, true]> : tensor<4xi1>
  %lt = stablehlo.compare  LT, %lhs, %rhs,  SIGNED : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi1>
  check.expect_eq_const %lt, dense<[true, false, false, false]> : tensor<4xi1>
  func.return
}

// -----

func.func @compare_ui8() {
  %lhs = stablehlo.constant dense<[0, 255, 5, 7]> : tensor<4xui8>
  %rhs = stablehlo.constant dense<[1, 255, 3, 8]> : tensor<4xui8>
  %eq = stablehlo.compare  EQ, %lhs, %rhs,  UNSIGNED : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xi1>
  check.expect_eq_const %eq, dense<[false, true, false, false]> : tensor<4xi1>
  %ne = stablehlo.compare  NE, %lhs, %rhs,  UNSIGNED : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xi1>
  check.expect_eq_const %ne, dense<[true, false, true, true]> : tensor<4xi1>
  %ge = stablehlo.compare  GE, %lhs, %rhs,  UNSIGNED : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xi1>
  check.expect_eq_const %ge, dense<[false, true, true, false]> : tensor<4xi1>
  %gt = stablehlo.compare  GT, %lhs, %rhs,  UNSIGNED : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xi1>
  check.expect_eq_const %gt, dense<[false, false, true, false]> : tensor<4xi1>
  %le = stablehlo.compare  LE, %lhs, %rhs,  UNSIGNED : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xi1>
  check.expect_eq_const %le, dense<[true, true, false, true]> : tensor<4xi1>
  %lt = stablehlo.compare  LT, %lhs, %rhs,  UNSIGNED : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xi1>
  check.expect_eq_const %lt, dense<[true, false, false, true]> : tensor<4xi1>
  func.return
}

// -----

func.func @compare_ui16() {
  %lhs = stablehlo.constant dense<[0, 65535, 5, 7]> : tensor<4xui16>
  %rhs = stablehlo.constant dense<[1, 65535, 3, 8]> : tensor<4xui16>
  %eq = stablehlo.compare  EQ, %lhs, %rhs,  UNSIGNED : (tensor<4xui16>, tensor<4xui16>) -> tensor<4xi1>
  check.expect_eq_const %eq, dense<[false, true, false, false]> : tensor<4xi1>
  %ne = stablehlo.compare  NE, %lhs, %rhs,  UNSIGNED : (tensor<4xui16>, tensor<4xui16>) -> tensor<4xi1>
  check.expect_eq_const %ne, dense<[true, false, true, true]> : tensor<4xi1>
  %ge = stablehlo.compare  GE, %lhs, %rhs,  UNSIGNED : (tensor<4xui16>, tensor<4xui16>) -> tensor<4xi1>
  check.expect_eq_const %ge, dense<[false, true, true, false]> : tensor<4xi1>
  %gt = stablehlo.compare  GT, %lhs, %rhs,  UNSIGNED : (tensor<4xui16>, tensor<4xui16>) -> tensor<4xi1>
  check.expect_eq_const %gt, dense<[false, false, true, false]> : tensor<4xi1>
  %le = stablehlo.compare  LE, %lhs, %rhs,  UNSIGNED : (tensor<4xui16>, tensor<4xui16>) -> tensor<4xi1>
  check.expect_eq_const %le, dense<[true, true, false, true]> : tensor<4xi1>
  %lt = stablehlo.compare  LT, %lhs, %rhs,  UNSIGNED : (tensor<4xui16>, tensor<4xui16>) -> tensor<4xi1>
  check.expect_eq_const %lt, dense<[true, false, false, true]> : tensor<4xi1>
  func.return
}

// -----

func.func @compare_ui32() {
  %lhs = stablehlo.constant dense<[0, 4294967295, 5, 7]> : tensor<4xui32>
  %rhs = stablehlo.constant dense<[1, 4294967295, 3, 8]> : tensor<4xui32>
  %eq = stablehlo.compare  EQ, %lhs, %rhs,  UNSIGNED : (tensor<4xui32>, tensor<4xui32>) -> tensor<4xi1>
  check.expect_eq_const %eq, dense<[false, true, false, false]> : tensor<4xi1>
  %ne = stablehlo.compare  NE, %lhs, %rhs,  UNSIGNED : (tensor<4xui32>, tensor<4xui32>) -> tensor<4xi1>
  check.expect_eq_const %ne, dense<[true, false, true, true]> : tensor<4xi1>
  %ge = stablehlo.compare  GE, %lhs, %rhs,  UNSIGNED : (tensor<4xui32>, tensor<4xui32>) -> tensor<4xi1>
  check.expect_eq_const %ge, dense<[false, true, true, false]> : tensor<4xi1>
  %gt = stablehlo.compare  GT, %lhs, %rhs,  UNSIGNED : (tensor<4xui32>, tensor<4xui32>) -> tensor<4xi1>
  check.expect_eq_const %gt, dense<[false, false, true, false]> : tensor<4xi1>
  %le = stablehlo.compare  LE, %lhs, %rhs,  UNSIGNED : (tensor<4xui32>, tensor<4xui32>) -> tensor<4xi1>
  check.expect_eq_const %le, dense<[true, true, false, true]> : tensor<4xi1>
  %lt = stablehlo.compare  LT, %lhs, %rhs,  UNSIGNED : (tensor<4xui32>, tensor<4xui32>) -> tensor<4xi1>
  check.expect_eq_const %lt, dense<[true, false, false, true]> : tensor<4xi1>
  func.return
}

// -----

func.func @compare_ui64() {
  %lhs = stablehlo.constant dense<[0, 18446744073709551615, 5, 7]> : tensor<4xui64>
  %rhs = stablehlo.constant dense<[1, 18446744073709551615, 3, 8]> : tensor<4xui64>
  %eq = stablehlo.compare  EQ, %lhs, %rhs,  UNSIGNED : (tensor<4xui64>, tensor<4xui64>) -> tensor<4xi1>
  check.expect_eq_const %eq, dense<[false, true, false, false]> : tensor<4xi1>
  %ne = stablehlo.compare  NE, %lhs, %rhs,  UNSIGNED : (tensor<4xui64>, tensor<4xui64>) -> tensor<4xi1>
  check.expect_eq_const %ne, dense<[true, false, true, true]> : tensor<4xi1>
  %ge = stablehlo.compare  GE, %lhs, %rhs,  UNSIGNED : (tensor<4xui64>, tensor<4xui64>) -> tensor<4xi1>
  check.expect_eq_const %ge, dense<[false, true, true, false]> : tensor<4xi1>
  %gt = stablehlo.compare  GT, %lhs, %rhs,  UNSIGNED : (tensor<4xui64>, tensor<4xui64>) -> tensor<4xi1>
  check.expect_eq_const %gt, dense<[false, false, true, false]> : tensor<4xi1>
  %le = stablehlo.compare  LE, %lhs, %rhs,  UNSIGNED : (tensor<4xui64>, tensor<4xui64>) -> tensor<4xi1>
  check.expect_eq_const %le, dense<[true, true, false, true]> : tensor<4xi1>
  %lt = stablehlo.compare  LT, %lhs, %rhs,  UNSIGNED : (tensor<4xui64>, tensor<4xui64>) -> tensor<4xi1>
  check.expect_eq_const %lt, dense<[true, false, false, true]> : tensor<4xi1>
  func.return
}

// -----

func.func @compare_f32() {
  %lhs = stablehlo.constant dense<[-1.5, 0.0, 2.25, 7.0]> : tensor<4xf32>
  %rhs = stablehlo.constant dense<[0.5, 0.0, -4.0, 7.5]> : tensor<4xf32>
  %eq = stablehlo.compare  EQ, %lhs, %rhs,  FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  check.expect_eq_const %eq, dense<[false, true, false, false]> : tensor<4xi1>
  %ne = stablehlo.compare  NE, %lhs, %rhs,  FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  check.expect_eq_const %ne, dense<[true, false, true, true]> : tensor<4xi1>
  %ge = stablehlo.compare  GE, %lhs, %rhs,  FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  check.expect_eq_const %ge, dense<[false, true, true, false]> : tensor<4xi1>
  %gt = stablehlo.compare  GT, %lhs, %rhs,  FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  check.expect_eq_const %gt, dense<[false, false, true, false]> : tensor<4xi1>
  %le = stablehlo.compare  LE, %lhs, %rhs,  FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  check.expect_eq_const %le, dense<[true, true, false, true]> : tensor<4xi1>
  %lt = stablehlo.compare  LT, %lhs, %rhs,  FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  check.expect_eq_const %lt, dense<[true, false, false, true]> : tensor<4xi1>
  func.return
}

// -----

func.func @compare_f64() {
  %lhs = stablehlo.constant dense<[-1.5, 0.0, 2.25, 7.0]> : tensor<4xf64>
  %rhs = stablehlo.constant dense<[0.5, 0.0, -4.0, 7.5]> : tensor<4xf64>
  %eq = stablehlo.compare  EQ, %lhs, %rhs,  FLOAT : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xi1>
  check.expect_eq_const %eq, dense<[false, true, false, false]> : tensor<4xi1>
  %ne = stablehlo.compare  NE, %lhs, %rhs,  FLOAT : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xi1>
  check.expect_eq_const %ne, dense<[true, false, true, true]> : tensor<4xi1>
  %ge = stablehlo.compare  GE, %lhs, %rhs,  FLOAT : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xi1>
  check.expect_eq_const %ge, dense<[false, true, true, false]> : tensor<4xi1>
  %gt = stablehlo.compare  GT, %lhs, %rhs,  FLOAT : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xi1>
  check.expect_eq_const %gt, dense<[false, false, true, false]> : tensor<4xi1>
  %le = stablehlo.compare  LE, %lhs, %rhs,  FLOAT : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xi1>
  check.expect_eq_const %le, dense<[true, true, false, true]> : tensor<4xi1>
  %lt = stablehlo.compare  LT, %lhs, %rhs,  FLOAT : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xi1>
  check.expect_eq_const %lt, dense<[true, false, false, true]> : tensor<4xi1>
  func.return
}

// -----

func.func @compare_no_type_i32() {
  %lhs = stablehlo.constant dense<[-1, 2]> : tensor<2xi32>
  %rhs = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %r = stablehlo.compare LT, %lhs, %rhs : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
  check.expect_eq_const %r, dense<[true, false]> : tensor<2xi1>
  func.return
}

// -----

func.func @compare_unsigned_high_bit_ui8() {
  %lhs = stablehlo.constant dense<[255, 128]> : tensor<2xui8>
  %rhs = stablehlo.constant dense<[1, 127]> : tensor<2xui8>
  %r = stablehlo.compare GT, %lhs, %rhs, UNSIGNED : (tensor<2xui8>, tensor<2xui8>) -> tensor<2xi1>
  check.expect_eq_const %r, dense<true> : tensor<2xi1>
  func.return
}

// -----

func.func @compare_float_nan_and_zeros_f32() {
  %nan = stablehlo.constant dense<"0x0000C07F"> : tensor<f32>
  %one = stablehlo.constant dense<1.0> : tensor<f32>
  %nz = stablehlo.constant dense<-0.0> : tensor<f32>
  %pz = stablehlo.constant dense<0.0> : tensor<f32>
  %eq_nan = stablehlo.compare EQ, %nan, %one, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %eq_nan, dense<false> : tensor<i1>
  %eq_zero = stablehlo.compare EQ, %nz, %pz, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %eq_zero, dense<true> : tensor<i1>
  %ne_nan = stablehlo.compare NE, %nan, %one, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %ne_nan, dense<true> : tensor<i1>
  %ne_zero = stablehlo.compare NE, %nz, %pz, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %ne_zero, dense<false> : tensor<i1>
  %lt_nan = stablehlo.compare LT, %nan, %one, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %lt_nan, dense<false> : tensor<i1>
  %lt_zero = stablehlo.compare LT, %nz, %pz, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %lt_zero, dense<false> : tensor<i1>
  %gt_nan = stablehlo.compare GT, %nan, %one, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %gt_nan, dense<false> : tensor<i1>
  %gt_zero = stablehlo.compare GT, %nz, %pz, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %gt_zero, dense<false> : tensor<i1>
  func.return
}

// -----

func.func @compare_totalorder_nan_and_zeros_f32() {
  %nan = stablehlo.constant dense<"0x0000C07F"> : tensor<f32>
  %one = stablehlo.constant dense<1.0> : tensor<f32>
  %nz = stablehlo.constant dense<-0.0> : tensor<f32>
  %pz = stablehlo.constant dense<0.0> : tensor<f32>
  %eq_nan = stablehlo.compare EQ, %nan, %one, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %eq_nan, dense<false> : tensor<i1>
  %eq_zero = stablehlo.compare EQ, %nz, %pz, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %eq_zero, dense<false> : tensor<i1>
  %ne_nan = stablehlo.compare NE, %nan, %one, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %ne_nan, dense<true> : tensor<i1>
  %ne_zero = stablehlo.compare NE, %nz, %pz, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %ne_zero, dense<true> : tensor<i1>
  %lt_nan = stablehlo.compare LT, %nan, %one, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %lt_nan, dense<false> : tensor<i1>
  %lt_zero = stablehlo.compare LT, %nz, %pz, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %lt_zero, dense<true> : tensor<i1>
  %gt_nan = stablehlo.compare GT, %nan, %one, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %gt_nan, dense<true> : tensor<i1>
  %gt_zero = stablehlo.compare GT, %nz, %pz, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %gt_zero, dense<false> : tensor<i1>
  func.return
}
