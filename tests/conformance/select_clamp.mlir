// stablehlo.select (tensor and scalar predicates) and stablehlo.clamp (scalar and full-shape
// bounds) on every element type.

func.func @select_i1() {
  %pred = stablehlo.constant dense<[true, false, true, false]> : tensor<4xi1>
  %on_true = stablehlo.constant dense<[true, true, false, false]> : tensor<4xi1>
  %on_false = stablehlo.constant dense<[false, false, true, true]> : tensor<4xi1>
  %result = stablehlo.select %pred, %on_true, %on_false : tensor<4xi1>, tensor<4xi1>
  check.expect_eq_const %result, dense<[true, false, false, true]> : tensor<4xi1>
  func.return
}

// -----

func.func @select_i8() {
  %pred = stablehlo.constant dense<[true, false, true, false]> : tensor<4xi1>
  %on_true = stablehlo.constant dense<[1, -2, 3, 127]> : tensor<4xi8>
  %on_false = stablehlo.constant dense<[-5, 6, -128, 8]> : tensor<4xi8>
  %result = stablehlo.select %pred, %on_true, %on_false : tensor<4xi1>, tensor<4xi8>
  check.expect_eq_const %result, dense<[1, 6, 3, 8]> : tensor<4xi8>
  func.return
}

// -----

func.func @select_i16() {
  %pred = stablehlo.constant dense<[true, false, true, false]> : tensor<4xi1>
  %on_true = stablehlo.constant dense<[1, -2, 3, 32767]> : tensor<4xi16>
  %on_false = stablehlo.constant dense<[-5, 6, -32768, 8]> : tensor<4xi16>
  %result = stablehlo.select %pred, %on_true, %on_false : tensor<4xi1>, tensor<4xi16>
  check.expect_eq_const %result, dense<[1, 6, 3, 8]> : tensor<4xi16>
  func.return
}

// -----

func.func @select_i32() {
  %pred = stablehlo.constant dense<[true, false, true, false]> : tensor<4xi1>
  %on_true = stablehlo.constant dense<[1, -2, 3, 2147483647]> : tensor<4xi32>
  %on_false = stablehlo.constant dense<[-5, 6, -2147483648, 8]> : tensor<4xi32>
  %result = stablehlo.select %pred, %on_true, %on_false : tensor<4xi1>, tensor<4xi32>
  check.expect_eq_const %result, dense<[1, 6, 3, 8]> : tensor<4xi32>
  func.return
}

// -----

func.func @select_i64() {
  %pred = stablehlo.constant dense<[true, false, true, false]> : tensor<4xi1>
  %on_true = stablehlo.constant dense<[1, -2, 3, 9223372036854775807]> : tensor<4xi64>
  %on_false = stablehlo.constant dense<[-5, 6, -9223372036854775808, 8]> : tensor<4xi64>
  %result = stablehlo.select %pred, %on_true, %on_false : tensor<4xi1>, tensor<4xi64>
  check.expect_eq_const %result, dense<[1, 6, 3, 8]> : tensor<4xi64>
  func.return
}

// -----

func.func @select_ui8() {
  %pred = stablehlo.constant dense<[true, false, true, false]> : tensor<4xi1>
  %on_true = stablehlo.constant dense<[1, 2, 3, 255]> : tensor<4xui8>
  %on_false = stablehlo.constant dense<[5, 6, 7, 8]> : tensor<4xui8>
  %result = stablehlo.select %pred, %on_true, %on_false : tensor<4xi1>, tensor<4xui8>
  check.expect_eq_const %result, dense<[1, 6, 3, 8]> : tensor<4xui8>
  func.return
}

// -----

func.func @select_ui16() {
  %pred = stablehlo.constant dense<[true, false, true, false]> : tensor<4xi1>
  %on_true = stablehlo.constant dense<[1, 2, 3, 65535]> : tensor<4xui16>
  %on_false = stablehlo.constant dense<[5, 6, 7, 8]> : tensor<4xui16>
  %result = stablehlo.select %pred, %on_true, %on_false : tensor<4xi1>, tensor<4xui16>
  check.expect_eq_const %result, dense<[1, 6, 3, 8]> : tensor<4xui16>
  func.return
}

// -----

func.func @select_ui32() {
  %pred = stablehlo.constant dense<[true, false, true, false]> : tensor<4xi1>
  %on_true = stablehlo.constant dense<[1, 2, 3, 4294967295]> : tensor<4xui32>
  %on_false = stablehlo.constant dense<[5, 6, 7, 8]> : tensor<4xui32>
  %result = stablehlo.select %pred, %on_true, %on_false : tensor<4xi1>, tensor<4xui32>
  check.expect_eq_const %result, dense<[1, 6, 3, 8]> : tensor<4xui32>
  func.return
}

// -----

func.func @select_ui64() {
  %pred = stablehlo.constant dense<[true, false, true, false]> : tensor<4xi1>
  %on_true = stablehlo.constant dense<[1, 2, 3, 18446744073709551615]> : tensor<4xui64>
  %on_false = stablehlo.constant dense<[5, 6, 7, 8]> : tensor<4xui64>
  %result = stablehlo.select %pred, %on_true, %on_false : tensor<4xi1>, tensor<4xui64>
  check.expect_eq_const %result, dense<[1, 6, 3, 8]> : tensor<4xui64>
  func.return
}

// -----

func.func @select_f32() {
  %pred = stablehlo.constant dense<[true, false, true, false]> : tensor<4xi1>
  %on_true = stablehlo.constant dense<[1.5, -2.0, 3.25, 4.0]> : tensor<4xf32>
  %on_false = stablehlo.constant dense<[-5.0, 6.5, -7.0, 8.0]> : tensor<4xf32>
  %result = stablehlo.select %pred, %on_true, %on_false : tensor<4xi1>, tensor<4xf32>
  check.expect_eq_const %result, dense<[1.5, 6.5, 3.25, 8.0]> : tensor<4xf32>
  func.return
}

// -----

func.func @select_f64() {
  %pred = stablehlo.constant dense<[true, false, true, false]> : tensor<4xi1>
  %on_true = stablehlo.constant dense<[1.5, -2.0, 3.25, 4.0]> : tensor<4xf64>
  %on_false = stablehlo.constant dense<[-5.0, 6.5, -7.0, 8.0]> : tensor<4xf64>
  %result = stablehlo.select %pred, %on_true, %on_false : tensor<4xi1>, tensor<4xf64>
  check.expect_eq_const %result, dense<[1.5, 6.5, 3.25, 8.0]> : tensor<4xf64>
  func.return
}

// -----

func.func @select_scalar_pred_f32() {
  %pred = stablehlo.constant dense<false> : tensor<i1>
  %on_true = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %on_false = stablehlo.constant dense<[3.0, 4.0]> : tensor<2xf32>
  %result = stablehlo.select %pred, %on_true, %on_false : (tensor<i1>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  check.expect_eq_const %result, dense<[3.0, 4.0]> : tensor<2xf32>
  func.return
}

// -----

func.func @clamp_i8() {
  %min = stablehlo.constant dense<-1> : tensor<i8>
  %operand = stablehlo.constant dense<[-3, 0, 5, 100]> : tensor<4xi8>
  %max = stablehlo.constant dense<5> : tensor<i8>
  %result = stablehlo.clamp %min, %operand, %max : (tensor<i8>, tensor<4xi8>, tensor<i8>) -> tensor<4xi8>
  check.expect_eq_const %result, dense<[-1, 0, 5, 5]> : tensor<4xi8>
  func.return
}

// -----

func.func @clamp_i16() {
  %min = stablehlo.constant dense<-1> : tensor<4xi16>
  %operand = stablehlo.constant dense<[-3, 0, 5, 100]> : tensor<4xi16>
  %max = stablehlo.constant dense<5> : tensor<4xi16>
  %result = stablehlo.clamp %min, %operand, %max : (tensor<4xi16>, tensor<4xi16>, tensor<4xi16>) -> tensor<4xi16>
  check.expect_eq_const %result, dense<[-1, 0, 5, 5]> : tensor<4xi16>
  func.return
}

// -----

func.func @clamp_i32() {
  %min = stablehlo.constant dense<-1> : tensor<i32>
  %operand = stablehlo.constant dense<[-3, 0, 5, 100]> : tensor<4xi32>
  %max = stablehlo.constant dense<5> : tensor<i32>
  %result = stablehlo.clamp %min, %operand, %max : (tensor<i32>, tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
  check.expect_eq_const %result, dense<[-1, 0, 5, 5]> : tensor<4xi32>
  func.return
}

// -----

func.func @clamp_i64() {
  %min = stablehlo.constant dense<-1> : tensor<4xi64>
  %operand = stablehlo.constant dense<[-3, 0, 5, 100]> : tensor<4xi64>
  %max = stablehlo.constant dense<5> : tensor<4xi64>
  %result = stablehlo.clamp %min, %operand, %max : (tensor<4xi64>, tensor<4xi64>, tensor<4xi64>) -> tensor<4xi64>
  check.expect_eq_const %result, dense<[-1, 0, 5, 5]> : tensor<4xi64>
  func.return
}

// -----

func.func @clamp_ui8() {
  %min = stablehlo.constant dense<1> : tensor<ui8>
  %operand = stablehlo.constant dense<[0, 3, 9, 4]> : tensor<4xui8>
  %max = stablehlo.constant dense<5> : tensor<ui8>
  %result = stablehlo.clamp %min, %operand, %max : (tensor<ui8>, tensor<4xui8>, tensor<ui8>) -> tensor<4xui8>
  check.expect_eq_const %result, dense<[1, 3, 5, 4]> : tensor<4xui8>
  func.return
}

// -----

func.func @clamp_ui16() {
  %min = stablehlo.constant dense<1> : tensor<4xui16>
  %operand = stablehlo.constant dense<[0, 3, 9, 4]> : tensor<4xui16>
  %max = stablehlo.constant dense<5> : tensor<4xui16>
  %result = stablehlo.clamp %min, %operand, %max : (tensor<4xui16>, tensor<4xui16>, tensor<4xui16>) -> tensor<4xui16>
  check.expect_eq_const %result, dense<[1, 3, 5, 4]> : tensor<4xui16>
  func.return
}

// -----

func.func @clamp_ui32() {
  %min = stablehlo.constant dense<1> : tensor<ui32>
  %operand = stablehlo.constant dense<[0, 3, 9, 4]> : tensor<4xui32>
  %max = stablehlo.constant dense<5> : tensor<ui32>
  %result = stablehlo.clamp %min, %operand, %max : (tensor<ui32>, tensor<4xui32>, tensor<ui32>) -> tensor<4xui32>
  check.expect_eq_const %result, dense<[1, 3, 5, 4]> : tensor<4xui32>
  func.return
}

// -----

func.func @clamp_ui64() {
  %min = stablehlo.constant dense<1> : tensor<4xui64>
  %operand = stablehlo.constant dense<[0, 3, 9, 4]> : tensor<4xui64>
  %max = stablehlo.constant dense<5> : tensor<4xui64>
  %result = stablehlo.clamp %min, %operand, %max : (tensor<4xui64>, tensor<4xui64>, tensor<4xui64>) -> tensor<4xui64>
  check.expect_eq_const %result, dense<[1, 3, 5, 4]> : tensor<4xui64>
  func.return
}

// -----

func.func @clamp_f32() {
  %min = stablehlo.constant dense<-1.0> : tensor<f32>
  %operand = stablehlo.constant dense<[-1.5, 0.0, 2.25, 1000.0]> : tensor<4xf32>
  %max = stablehlo.constant dense<2.0> : tensor<f32>
  %result = stablehlo.clamp %min, %operand, %max : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  check.expect_eq_const %result, dense<[-1.0, 0.0, 2.0, 2.0]> : tensor<4xf32>
  func.return
}

// -----

func.func @clamp_f64() {
  %min = stablehlo.constant dense<-1.0> : tensor<4xf64>
  %operand = stablehlo.constant dense<[-1.5, 0.0, 2.25, 1000.0]> : tensor<4xf64>
  %max = stablehlo.constant dense<2.0> : tensor<4xf64>
  %result = stablehlo.clamp %min, %operand, %max : (tensor<4xf64>, tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
  check.expect_eq_const %result, dense<[-1.0, 0.0, 2.0, 2.0]> : tensor<4xf64>
  func.return
}
