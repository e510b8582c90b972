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

// -----

func.func @add_i8() {
  %lhs = stablehlo.constant dense<[-3, 0, 5, 100]> : tensor<4xi8>
  %rhs = stablehlo.constant dense<[2, -4, 3, 27]> : tensor<4xi8>
  %result = stablehlo.add %lhs, %rhs : tensor<4xi8>
  check.expect_eq_const %result, dense<[-1, -4, 8, 127]> : tensor<4xi8>
  func.return
}

// -----

func.func @add_i16() {
  %lhs = stablehlo.constant dense<[-3, 0, 5, 100]> : tensor<4xi16>
  %rhs = stablehlo.constant dense<[2, -4, 3, 27]> : tensor<4xi16>
  %result = stablehlo.add %lhs, %rhs : tensor<4xi16>
  check.expect_eq_const %result, dense<[-1, -4, 8, 127]> : tensor<4xi16>
  func.return
}

// -----

func.func @add_i32() {
  %lhs = stablehlo.constant dense<[-3, 0, 5, 100]> : tensor<4xi32>
  %rhs = stablehlo.constant dense<[2, -4, 3, 27]> : tensor<4xi32>
  %result = stablehlo.add %lhs, %rhs : tensor<4xi32>
  check.expect_eq_const %result, dense<[-1, -4, 8, 127]> : tensor<4xi32>
  func.return
}

// -----

func.func @add_i64() {
  %lhs = stablehlo.constant dense<[-3, 0, 5, 100]> : tensor<4xi64>
  %rhs = stablehlo.constant dense<[2, -4, 3, 27]> : tensor<4xi64>
  %result = stablehlo.add %lhs, %rhs : tensor<4xi64>
  check.expect_eq_const %result, dense<[-1, -4, 8, 127]> : tensor<4xi64>
  func.return
}

// -----

func.func @add_ui8() {
  %lhs = stablehlo.constant dense<[0, 1, 5, 255]> : tensor<4xui8>
  %rhs = stablehlo.constant dense<[2, 4, 3, 1]> : tensor<4xui8>
  %result = stablehlo.add %lhs, %rhs : tensor<4xui8>
  check.expect_eq_const %result, dense<[2, 5, 8, 0]> : tensor<4xui8>
  func.return
}

// -----

func.func @add_ui16() {
  %lhs = stablehlo.constant dense<[0, 1, 5, 65535]> : tensor<4xui16>
  %rhs = stablehlo.constant dense<[2, 4, 3, 1]> : tensor<4xui16>
  %result = stablehlo.add %lhs, %rhs : tensor<4xui16>
  check.expect_eq_const %result, dense<[2, 5, 8, 0]> : tensor<4xui16>
  func.return
}

// -----

func.func @add_ui32() {
  %lhs = stablehlo.constant dense<[0, 1, 5, 4294967295]> : tensor<4xui32>
  %rhs = stablehlo.constant dense<[2, 4, 3, 1]> : tensor<4xui32>
  %result = stablehlo.add %lhs, %rhs : tensor<4xui32>
  check.expect_eq_const %result, dense<[2, 5, 8, 0]> : tensor<4xui32>
  func.return
}

// -----

func.func @add_ui64() {
  %lhs = stablehlo.constant dense<[0, 1, 5, 18446744073709551615]> : tensor<4xui64>
  %rhs = stablehlo.constant dense<[2, 4, 3, 1]> : tensor<4xui64>
  %result = stablehlo.add %lhs, %rhs : tensor<4xui64>
  check.expect_eq_const %result, dense<[2, 5, 8, 0]> : tensor<4xui64>
  func.return
}

// -----

func.func @add_f32() {
  %lhs = stablehlo.constant dense<[-1.5, 0.0, 2.25, 1024.0]> : tensor<4xf32>
  %rhs = stablehlo.constant dense<[0.5, -4.0, 0.75, 1.0]> : tensor<4xf32>
  %result = stablehlo.add %lhs, %rhs : tensor<4xf32>
  check.expect_eq_const %result, dense<[-1.0, -4.0, 3.0, 1025.0]> : tensor<4xf32>
  func.return
}

// -----

func.func @add_f64() {
  %lhs = stablehlo.constant dense<[-1.5, 0.0, 2.25, 1024.0]> : tensor<4xf64>
  %rhs = stablehlo.constant dense<[0.5, -4.0, 0.75, 1.0]> : tensor<4xf64>
  %result = stablehlo.add %lhs, %rhs : tensor<4xf64>
  check.expect_eq_const %result, dense<[-1.0, -4.0, 3.0, 1025.0]> : tensor<4xf64>
  func.return
}

// -----

func.func @subtract_i8() {
  %lhs = stablehlo.constant dense<[-3, 0, 5, 100]> : tensor<4xi8>
  %rhs = stablehlo.constant dense<[2, -4, 3, -27]> : tensor<4xi8>
  %result = stablehlo.subtract %lhs, %rhs : tensor<4xi8>
  check.expect_eq_const %result, dense<[-5, 4, 2, 127]> : tensor<4xi8>
  func.return
}

// -----

func.func @subtract_i16() {
  %lhs = stablehlo.constant dense<[-3, 0, 5, 100]> : tensor<4xi16>
  %rhs = stablehlo.constant dense<[2, -4, 3, -27]> : tensor<4xi16>
  %result = stablehlo.subtract %lhs, %rhs : tensor<4xi16>
  check.expect_eq_const %result, dense<[-5, 4, 2, 127]> : tensor<4xi16>
  func.return
}

// -----

func.func @subtract_i32() {
  %lhs = stablehlo.constant dense<[-3, 0, 5, 100]> : tensor<4xi32>
  %rhs = stablehlo.constant dense<[2, -4, 3, -27]> : tensor<4xi32>
  %result = stablehlo.subtract %lhs, %rhs : tensor<4xi32>
  check.expect_eq_const %result, dense<[-5, 4, 2, 127]> : tensor<4xi32>
  func.return
}

// -----

func.func @subtract_i64() {
  %lhs = stablehlo.constant dense<[-3, 0, 5, 100]> : tensor<4xi64>
  %rhs = stablehlo.constant dense<[2, -4, 3, -27]> : tensor<4xi64>
  %result = stablehlo.subtract %lhs, %rhs : tensor<4xi64>
  check.expect_eq_const %result, dense<[-5, 4, 2, 127]> : tensor<4xi64>
  func.return
}

// -----

func.func @subtract_ui8() {
  %lhs = stablehlo.constant dense<[5, 1, 0, 255]> : tensor<4xui8>
  %rhs = stablehlo.constant dense<[2, 4, 1, 255]> : tensor<4xui8>
  %result = stablehlo.subtract %lhs, %rhs : tensor<4xui8>
  check.expect_eq_const %result, dense<[3, 253, 255, 0]> : tensor<4xui8>
  func.return
}

// -----

func.func @subtract_ui16() {
  %lhs = stablehlo.constant dense<[5, 1, 0, 65535]> : tensor<4xui16>
  %rhs = stablehlo.constant dense<[2, 4, 1, 65535]> : tensor<4xui16>
  %result = stablehlo.subtract %lhs, %rhs : tensor<4xui16>
  check.expect_eq_const %result, dense<[3, 65533, 65535, 0]> : tensor<4xui16>
  func.return
}

// -----

func.func @subtract_ui32() {
  %lhs = stablehlo.constant dense<[5, 1, 0, 4294967295]> : tensor<4xui32>
  %rhs = stablehlo.constant dense<[2, 4, 1, 4294967295]> : tensor<4xui32>
  %result = stablehlo.subtract %lhs, %rhs : tensor<4xui32>
  check.expect_eq_const %result, dense<[3, 4294967293, 4294967295, 0]> : tensor<4xui32>
  func.return
}

// -----

func.func @subtract_ui64() {
  %lhs = stablehlo.constant dense<[5, 1, 0, 18446744073709551615]> : tensor<4xui64>
  %rhs = stablehlo.constant dense<[2, 4, 1, 18446744073709551615]> : tensor<4xui64>
  %result = stablehlo.subtract %lhs, %rhs : tensor<4xui64>
  check.expect_eq_const %result, dense<[3, 18446744073709551613, 18446744073709551615, 0]> : tensor<4xui64>
  func.return
}

// -----

func.func @subtract_f32() {
  %lhs = stablehlo.constant dense<[-1.5, 0.0, 2.25, 1024.0]> : tensor<4xf32>
  %rhs = stablehlo.constant dense<[0.5, -4.0, 0.75, 1.0]> : tensor<4xf32>
  %result = stablehlo.subtract %lhs, %rhs : tensor<4xf32>
  check.expect_eq_const %result, dense<[-2.0, 4.0, 1.5, 1023.0]> : tensor<4xf32>
  func.return
}

// -----

func.func @subtract_f64() {
  %lhs = stablehlo.constant dense<[-1.5, 0.0, 2.25, 1024.0]> : tensor<4xf64>
  %rhs = stablehlo.constant dense<[0.5, -4.0, 0.75, 1.0]> : tensor<4xf64>
  %result = stablehlo.subtract %lhs, %rhs : tensor<4xf64>
  check.expect_eq_const %result, dense<[-2.0, 4.0, 1.5, 1023.0]> : tensor<4xf64>
  func.return
}

// -----

func.func @multiply_i1() {
  %lhs = stablehlo.constant dense<[false, false, true, true]> : tensor<4xi1>
  %rhs = stablehlo.constant dense<[false, true, false, true]> : tensor<4xi1>
  %result = stablehlo.multiply %lhs, %rhs : tensor<4xi1>
  check.expect_eq_const %result, dense<[false, false, false, true]> : tensor<4xi1>
  func.return
}

// -----

func.func @multiply_i8() {
  %lhs = stablehlo.constant dense<[-3, 0, 5, 11]> : tensor<4xi8>
  %rhs = stablehlo.constant dense<[2, -4, -3, 11]> : tensor<4xi8>
  %result = stablehlo.multiply %lhs, %rhs : tensor<4xi8>
  check.expect_eq_const %result, dense<[-6, 0, -15, 121]> : tensor<4xi8>
  func.return
}

// -----

func.func @multiply_i16() {
  %lhs = stablehlo.constant dense<[-3, 0, 5, 11]> : tensor<4xi16>
  %rhs = stablehlo.constant dense<[2, -4, -3, 11]> : tensor<4xi16>
  %result = stablehlo.multiply %lhs, %rhs : tensor<4xi16>
  check.expect_eq_const %result, dense<[-6, 0, -15, 121]> : tensor<4xi16>
  func.return
}

// -----

func.func @multiply_i32() {
  %lhs = stablehlo.constant dense<[-3, 0, 5, 11]> : tensor<4xi32>
  %rhs = stablehlo.constant dense<[2, -4, -3, 11]> : tensor<4xi32>
  %result = stablehlo.multiply %lhs, %rhs : tensor<4xi32>
  check.expect_eq_const %result, dense<[-6, 0, -15, 121]> : tensor<4xi32>
  func.return
}

// -----

func.func @multiply_i64() {
  %lhs = stablehlo.constant dense<[-3, 0, 5, 11]> : tensor<4xi64>
  %rhs = stablehlo.constant dense<[2, -4, -3, 11]> : tensor<4xi64>
  %result = stablehlo.multiply %lhs, %rhs : tensor<4xi64>
  check.expect_eq_const %result, dense<[-6, 0, -15, 121]> : tensor<4xi64>
  func.return
}

// -----

func.func @multiply_ui8() {
  %lhs = stablehlo.constant dense<[0, 3, 5, 255]> : tensor<4xui8>
  %rhs = stablehlo.constant dense<[7, 4, 3, 2]> : tensor<4xui8>
  %result = stablehlo.multiply %lhs, %rhs : tensor<4xui8>
  check.expect_eq_const %result, dense<[0, 12, 15, 254]> : tensor<4xui8>
  func.return
}

// -----

func.func @multiply_ui16() {
  %lhs = stablehlo.constant dense<[0, 3, 5, 65535]> : tensor<4xui16>
  %rhs = stablehlo.constant dense<[7, 4, 3, 2]> : tensor<4xui16>
  %result = stablehlo.multiply %lhs, %rhs : tensor<4xui16>
  check.expect_eq_const %result, dense<[0, 12, 15, 65534]> : tensor<4xui16>
  func.return
}

// -----

func.func @multiply_ui32() {
  %lhs = stablehlo.constant dense<[0, 3, 5, 4294967295]> : tensor<4xui32>
  %rhs = stablehlo.constant dense<[7, 4, 3, 2]> : tensor<4xui32>
  %result = stablehlo.multiply %lhs, %rhs : tensor<4xui32>
  check.expect_eq_const %result, dense<[0, 12, 15, 4294967294]> : tensor<4xui32>
  func.return
}

// -----

func.func @multiply_ui64() {
  %lhs = stablehlo.constant dense<[0, 3, 5, 18446744073709551615]> : tensor<4xui64>
  %rhs = stablehlo.constant dense<[7, 4, 3, 2]> : tensor<4xui64>
  %result = stablehlo.multiply %lhs, %rhs : tensor<4xui64>
  check.expect_eq_const %result, dense<[0, 12, 15, 18446744073709551614]> : tensor<4xui64>
  func.return
}

// -----

func.func @multiply_f32() {
  %lhs = stablehlo.constant dense<[-1.5, 0.0, 2.25, 3.0]> : tensor<4xf32>
  %rhs = stablehlo.constant dense<[0.5, -4.0, 4.0, -0.125]> : tensor<4xf32>
  %result = stablehlo.multiply %lhs, %rhs : tensor<4xf32>
  check.expect_eq_const %result, dense<[-0.75, -0.0, 9.0, -0.375]> : tensor<4xf32>
  func.return
}

// -----

func.func @multiply_f64() {
  %lhs = stablehlo.constant dense<[-1.5, 0.0, 2.25, 3.0]> : tensor<4xf64>
  %rhs = stablehlo.constant dense<[0.5, -4.0, 4.0, -0.125]> : tensor<4xf64>
  %result = stablehlo.multiply %lhs, %rhs : tensor<4xf64>
  check.expect_eq_const %result, dense<[-0.75, -0.0, 9.0, -0.375]> : tensor<4xf64>
  func.return
}

// -----

func.func @divide_i8() {
  %lhs = stablehlo.constant dense<[17, -17, 17, -17, 0, 7]> : tensor<6xi8>
  %rhs = stablehlo.constant dense<[3, 3, -3, -3, 5, 7]> : tensor<6xi8>
  %result = stablehlo.divide %lhs, %rhs : tensor<6xi8>
  check.expect_eq_const %result, dense<[5, -5, -5, 5, 0, 1]> : tensor<6xi8>
  func.return
}

// -----

func.func @divide_i16() {
  %lhs = stablehlo.constant dense<[17, -17, 17, -17, 0, 7]> : tensor<6xi16>
  %rhs = stablehlo.constant dense<[3, 3, -3, -3, 5, 7]> : tensor<6xi16>
  %result = stablehlo.divide %lhs, %rhs : tensor<6xi16>
  check.expect_eq_const %result, dense<[5, -5, -5, 5, 0, 1]> : tensor<6xi16>
  func.return
}

// -----

func.func @divide_i32() {
  %lhs = stablehlo.constant dense<[17, -17, 17, -17, 0, 7]> : tensor<6xi32>
  %rhs = stablehlo.constant dense<[3, 3, -3, -3, 5, 7]> : tensor<6xi32>
  %result = stablehlo.divide %lhs, %rhs : tensor<6xi32>
  check.expect_eq_const %result, dense<[5, -5, -5, 5, 0, 1]> : tensor<6xi32>
  func.return
}

// -----

func.func @divide_i64() {
  %lhs = stablehlo.constant dense<[17, -17, 17, -17, 0, 7]> : tensor<6xi64>
  %rhs = stablehlo.constant dense<[3, 3, -3, -3, 5, 7]> : tensor<6xi64>
  %result = stablehlo.divide %lhs, %rhs : tensor<6xi64>
  check.expect_eq_const %result, dense<[5, -5, -5, 5, 0, 1]> : tensor<6xi64>
  func.return
}

// -----

func.func @divide_ui8() {
  %lhs = stablehlo.constant dense<[17, 18, 19, 255]> : tensor<4xui8>
  %rhs = stablehlo.constant dense<[3, 4, 5, 255]> : tensor<4xui8>
  %result = stablehlo.divide %lhs, %rhs : tensor<4xui8>
  check.expect_eq_const %result, dense<[5, 4, 3, 1]> : tensor<4xui8>
  func.return
}

// -----

func.func @divide_ui16() {
  %lhs = stablehlo.constant dense<[17, 18, 19, 65535]> : tensor<4xui16>
  %rhs = stablehlo.constant dense<[3, 4, 5, 65535]> : tensor<4xui16>
  %result = stablehlo.divide %lhs, %rhs : tensor<4xui16>
  check.expect_eq_const %result, dense<[5, 4, 3, 1]> : tensor<4xui16>
  func.return
}

// -----

func.func @divide_ui32() {
  %lhs = stablehlo.constant dense<[17, 18, 19, 4294967295]> : tensor<4xui32>
  %rhs = stablehlo.constant dense<[3, 4, 5, 4294967295]> : tensor<4xui32>
  %result = stablehlo.divide %lhs, %rhs : tensor<4xui32>
  check.expect_eq_const %result, dense<[5, 4, 3, 1]> : tensor<4xui32>
  func.return
}

// -----

func.func @divide_ui64() {
  %lhs = stablehlo.constant dense<[17, 18, 19, 18446744073709551615]> : tensor<4xui64>
  %rhs = stablehlo.constant dense<[3, 4, 5, 18446744073709551615]> : tensor<4xui64>
  %result = stablehlo.divide %lhs, %rhs : tensor<4xui64>
  check.expect_eq_const %result, dense<[5, 4, 3, 1]> : tensor<4xui64>
  func.return
}

// -----

func.func @divide_f32() {
  %lhs = stablehlo.constant dense<[17.0, -1.5, 2.25, 1.0]> : tensor<4xf32>
  %rhs = stablehlo.constant dense<[2.0, 0.5, -4.0, -8.0]> : tensor<4xf32>
  %result = stablehlo.divide %lhs, %rhs : tensor<4xf32>
  check.expect_eq_const %result, dense<[8.5, -3.0, -0.5625, -0.125]> : tensor<4xf32>
  func.return
}

// -----

func.func @divide_f64() {
  %lhs = stablehlo.constant dense<[17.0, -1.5, 2.25, 1.0]> : tensor<4xf64>
  %rhs = stablehlo.constant dense<[2.0, 0.5, -4.0, -8.0]> : tensor<4xf64>
  %result = stablehlo.divide %lhs, %rhs : tensor<4xf64>
  check.expect_eq_const %result, dense<[8.5, -3.0, -0.5625, -0.125]> : tensor<4xf64>
  func.return
}

// -----

func.func @remainder_i8() {
  %lhs = stablehlo.constant dense<[17, -17, 17, -17, 6]> : tensor<5xi8>
  %rhs = stablehlo.constant dense<[3, 3, -3, -3, 7]> : tensor<5xi8>
  %result = stablehlo.remainder %lhs, %rhs : tensor<5xi8>
  check.expect_eq_const %result, dense<[2, -2, 2, -2, 6]> : tensor<5xi8>
  func.return
}

// -----

func.func @remainder_i16() {
  %lhs = stablehlo.constant dense<[17, -17, 17, -17, 6]> : tensor<5xi16>
  %rhs = stablehlo.constant dense<[3, 3, -3, -3, 7]> : tensor<5xi16>
  %result = stablehlo.remainder %lhs, %rhs : tensor<5xi16>
  check.expect_eq_const %result, dense<[2, -2, 2, -2, 6]> : tensor<5xi16>
  func.return
}

// -----

func.func @remainder_i32() {
  %lhs = stablehlo.constant dense<[17, -17, 17, -17, 6]> : tensor<5xi32>
  %rhs = stablehlo.constant dense<[3, 3, -3, -3, 7]> : tensor<5xi32>
  %result = stablehlo.remainder %lhs, %rhs : tensor<5xi32>
  check.expect_eq_const %result, dense<[2, -2, 2, -2, 6]> : tensor<5xi32>
  func.return
}

// -----

func.func @remainder_i64() {
  %lhs = stablehlo.constant dense<[17, -17, 17, -17, 6]> : tensor<5xi64>
  %rhs = stablehlo.constant dense<[3, 3, -3, -3, 7]> : tensor<5xi64>
  %result = stablehlo.remainder %lhs, %rhs : tensor<5xi64>
  check.expect_eq_const %result, dense<[2, -2, 2, -2, 6]> : tensor<5xi64>
  func.return
}

// -----

func.func @remainder_ui8() {
  %lhs = stablehlo.constant dense<[17, 18, 19, 20]> : tensor<4xui8>
  %rhs = stablehlo.constant dense<[3, 4, 5, 7]> : tensor<4xui8>
  %result = stablehlo.remainder %lhs, %rhs : tensor<4xui8>
  check.expect_eq_const %result, dense<[2, 2, 4, 6]> : tensor<4xui8>
  func.return
}

// -----

func.func @remainder_ui16() {
  %lhs = stablehlo.constant dense<[17, 18, 19, 20]> : tensor<4xui16>
  %rhs = stablehlo.constant dense<[3, 4, 5, 7]> : tensor<4xui16>
  %result = stablehlo.remainder %lhs, %rhs : tensor<4xui16>
  check.expect_eq_const %result, dense<[2, 2, 4, 6]> : tensor<4xui16>
  func.return
}

// -----

func.func @remainder_ui32() {
  %lhs = stablehlo.constant dense<[17, 18, 19, 20]> : tensor<4xui32>
  %rhs = stablehlo.constant dense<[3, 4, 5, 7]> : tensor<4xui32>
  %result = stablehlo.remainder %lhs, %rhs : tensor<4xui32>
  check.expect_eq_const %result, dense<[2, 2, 4, 6]> : tensor<4xui32>
  func.return
}

// -----

func.func @remainder_ui64() {
  %lhs = stablehlo.constant dense<[17, 18, 19, 20]> : tensor<4xui64>
  %rhs = stablehlo.constant dense<[3, 4, 5, 7]> : tensor<4xui64>
  %result = stablehlo.remainder %lhs, %rhs : tensor<4xui64>
  check.expect_eq_const %result, dense<[2, 2, 4, 6]> : tensor<4xui64>
  func.return
}

// -----

func.func @remainder_f32() {
  %lhs = stablehlo.constant dense<[17.5, -17.5, 5.25, -5.25]> : tensor<4xf32>
  %rhs = stablehlo.constant dense<[3.0, 3.0, -2.0, -2.0]> : tensor<4xf32>
  %result = stablehlo.remainder %lhs, %rhs : tensor<4xf32>
  check.expect_eq_const %result, dense<[2.5, -2.5, 1.25, -1.25]> : tensor<4xf32>
  func.return
}

// -----

func.func @remainder_f64() {
  %lhs = stablehlo.constant dense<[17.5, -17.5, 5.25, -5.25]> : tensor<4xf64>
  %rhs = stablehlo.constant dense<[3.0, 3.0, -2.0, -2.0]> : tensor<4xf64>
  %result = stablehlo.remainder %lhs, %rhs : tensor<4xf64>
  check.expect_eq_const %result, dense<[2.5, -2.5, 1.25, -1.25]> : tensor<4xf64>
  func.return
}

// -----

func.func @maximum_i1() {
  %lhs = stablehlo.constant dense<[false, false, true, true]> : tensor<4xi1>
  %rhs = stablehlo.constant dense<[false, true, false, true]> : tensor<4xi1>
  %result = stablehlo.maximum %lhs, %rhs : tensor<4xi1>
  check.expect_eq_const %result, dense<[false, true, true, true]> : tensor<4xi1>
  func.return
}

// -----

func.func @maximum_i8() {
  %lhs = stablehlo.constant dense<[-3, 0, 5, -128]> : tensor<4xi8>
  %rhs = stablehlo.constant dense<[2, -4, 5, 127]> : tensor<4xi8>
  %result = stablehlo.maximum %lhs, %rhs : tensor<4xi8>
  check.expect_eq_const %result, dense<[2, 0, 5, 127]> : tensor<4xi8>
  func.return
}

// -----

func.func @maximum_i16() {
  %lhs = stablehlo.constant dense<[-3, 0, 5, -32768]> : tensor<4xi16>
  %rhs = stablehlo.constant dense<[2, -4, 5, 32767]> : tensor<4xi16>
  %result = stablehlo.maximum %lhs, %rhs : tensor<4xi16>
  check.expect_eq_const %result, dense<[2, 0, 5, 32767]> : tensor<4xi16>
  func.return
}

// -----

func.func @maximum_i32() {
  %lhs = stablehlo.constant dense<[-3, 0, 5, -2147483648]> : tensor<4xi32>
  %rhs = stablehlo.constant dense<[2, -4, 5, 2147483647]> : tensor<4xi32>
  %result = stablehlo.maximum %lhs, %rhs : tensor<4xi32>
  check.expect_eq_const %result, dense<[2, 0, 5, 2147483647]> : tensor<4xi32>
  func.return
}

// -----

func.func @maximum_i64() {
  %lhs = stablehlo.constant dense<[-3, 0, 5, -9223372036854775808]> : tensor<4xi64>
  %rhs = stablehlo.constant dense<[2, -4, 5, 9223372036854775807]> : tensor<4xi64>
  %result = stablehlo.maximum %lhs, %rhs : tensor<4xi64>
  check.expect_eq_const %result, dense<[2, 0, 5, 9223372036854775807]> : tensor<4xi64>
  func.return
}

// -----

func.func @maximum_ui8() {
  %lhs = stablehlo.constant dense<[0, 7, 255, 3]> : tensor<4xui8>
  %rhs = stablehlo.constant dense<[1, 7, 2, 4]> : tensor<4xui8>
  %result = stablehlo.maximum %lhs, %rhs : tensor<4xui8>
  check.expect_eq_const %result, dense<[1, 7, 255, 4]> : tensor<4xui8>
  func.return
}

// -----

func.func @maximum_ui16() {
  %lhs = stablehlo.constant dense<[0, 7, 65535, 3]> : tensor<4xui16>
  %rhs = stablehlo.constant dense<[1, 7, 2, 4]> : tensor<4xui16>
  %result = stablehlo.maximum %lhs, %rhs : tensor<4xui16>
  check.expect_eq_const %result, dense<[1, 7, 65535, 4]> : tensor<4xui16>
  func.return
}

// -----

func.func @maximum_ui32() {
  %lhs = stablehlo.constant dense<[0, 7, 4294967295, 3]> : tensor<4xui32>
  %rhs = stablehlo.constant dense<[1, 7, 2, 4]> : tensor<4xui32>
  %result = stablehlo.maximum %lhs, %rhs : tensor<4xui32>
  check.expect_eq_const %result, dense<[1, 7, 4294967295, 4]> : tensor<4xui32>
  func.return
}

// -----

func.func @maximum_ui64() {
  %lhs = stablehlo.constant dense<[0, 7, 18446744073709551615, 3]> : tensor<4xui64>
  %rhs = stablehlo.constant dense<[1, 7, 2, 4]> : tensor<4xui64>
  %result = stablehlo.maximum %lhs, %rhs : tensor<4xui64>
  check.expect_eq_const %result, dense<[1, 7, 18446744073709551615, 4]> : tensor<4xui64>
  func.return
}

// -----

func.func @maximum_f32() {
  %lhs = stablehlo.constant dense<[-1.5, 0.0, 2.25, 1000.0]> : tensor<4xf32>
  %rhs = stablehlo.constant dense<[0.5, -4.0, 2.25, -1000.0]> : tensor<4xf32>
  %result = stablehlo.maximum %lhs, %rhs : tensor<4xf32>
  check.expect_eq_const %result, dense<[0.5, 0.0, 2.25, 1000.0]> : tensor<4xf32>
  func.return
}

// -----

func.func @maximum_f64() {
  %lhs = stablehlo.constant dense<[-1.5, 0.0, 2.25, 1000.0]> : tensor<4xf64>
  %rhs = stablehlo.constant dense<[0.5, -4.0, 2.25, -1000.0]> : tensor<4xf64>
  %result = stablehlo.maximum %lhs, %rhs : tensor<4xf64>
  check.expect_eq_const %result, dense<[0.5, 0.0, 2.25, 1000.0]> : tensor<4xf64>
  func.return
}

// -----

func.func @minimum_i1() {
  %lhs = stablehlo.constant dense<[false, false, true, true]> : tensor<4xi1>
  %rhs = stablehlo.constant dense<[false, true, false, true]> : tensor<4xi1>
  %result = stablehlo.minimum %lhs, %rhs : tensor<4xi1>
  check.expect_eq_const %result, dense<[false, false, false, true]> : tensor<4xi1>
  func.return
}

// -----

func.func @minimum_i8() {
  %lhs = stablehlo.constant dense<[-3, 0, 5, -128]> : tensor<4xi8>
  %rhs = stablehlo.constant dense<[2, -4, 5, 127]> : tensor<4xi8>
  %result = stablehlo.minimum %lhs, %rhs : tensor<4xi8>
  check.expect_eq_const %result, dense<[-3, -4, 5, -128]> : tensor<4xi8>
  func.return
}

// -----

func.func @minimum_i16() {
  %lhs = stablehlo.constant dense<[-3, 0, 5, -32768]> : tensor<4xi16>
  %rhs = stablehlo.constant dense<[2, -4, 5, 32767]> : tensor<4xi16>
  %result = stablehlo.minimum %lhs, %rhs : tensor<4xi16>
  check.expect_eq_const %result, dense<[-3, -4, 5, -32768]> : tensor<4xi16>
  func.return
}

// -----

func.func @minimum_i32() {
  %lhs = stablehlo.constant dense<[-3, 0, 5, -2147483648]> : tensor<4xi32>
  %rhs = stablehlo.constant dense<[2, -4, 5, 2147483647]> : tensor<4xi32>
  %result = stablehlo.minimum %lhs, %rhs : tensor<4xi32>
  check.expect_eq_const %result, dense<[-3, -4, 5, -2147483648]> : tensor<4xi32>
  func.return
}

// -----

func.func @minimum_i64() {
  %lhs = stablehlo.constant dense<[-3, 0, 5, -9223372036854775808]> : tensor<4xi64>
  %rhs = stablehlo.constant dense<[2, -4, 5, 9223372036854775807]> : tensor<4xi64>
  %result = stablehlo.minimum %lhs, %rhs : tensor<4xi64>
  check.expect_eq_const %result, dense<[-3, -4, 5, -9223372036854775808]> : tensor<4xi64>
  func.return
}

// -----

func.func @minimum_ui8() {
  %lhs = stablehlo.constant dense<[0, 7, 255, 3]> : tensor<4xui8>
  %rhs = stablehlo.constant dense<[1, 7, 2, 4]> : tensor<4xui8>
  %result = stablehlo.minimum %lhs, %rhs : tensor<4xui8>
  check.expect_eq_const %result, dense<[0, 7, 2, 3]> : tensor<4xui8>
  func.return
}

// -----

func.func @minimum_ui16() {
  %lhs = stablehlo.constant dense<[0, 7, 65535, 3]> : tensor<4xui16>
  %rhs = stablehlo.constant dense<[1, 7, 2, 4]> : tensor<4xui16>
  %result = stablehlo.minimum %lhs, %rhs : tensor<4xui16>
  check.expect_eq_const %result, dense<[0, 7, 2, 3]> : tensor<4xui16>
  func.return
}

// -----

func.func @minimum_ui32() {
  %lhs = stablehlo.constant dense<[0, 7, 4294967295, 3]> : tensor<4xui32>
  %rhs = stablehlo.constant dense<[1, 7, 2, 4]> : tensor<4xui32>
  %result = stablehlo.minimum %lhs, %rhs : tensor<4xui32>
  check.expect_eq_const %result, dense<[0, 7, 2, 3]> : tensor<4xui32>
  func.return
}

// -----

func.func @minimum_ui64() {
  %lhs = stablehlo.constant dense<[0, 7, 18446744073709551615, 3]> : tensor<4xui64>
  %rhs = stablehlo.constant dense<[1, 7, 2, 4]> : tensor<4xui64>
  %result = stablehlo.minimum %lhs, %rhs : tensor<4xui64>
  check.expect_eq_const %result, dense<[0, 7, 2, 3]> : tensor<4xui64>
  func.return
}

// -----

func.func @minimum_f32() {
  %lhs = stablehlo.constant dense<[-1.5, 0.0, 2.25, 1000.0]> : tensor<4xf32>
  %rhs = stablehlo.constant dense<[0.5, -4.0, 2.25, -1000.0]> : tensor<4xf32>
  %result = stablehlo.minimum %lhs, %rhs : tensor<4xf32>
  check.expect_eq_const %result, dense<[-1.5, -4.0, 2.25, -1000.0]> : tensor<4xf32>
  func.return
}

// -----

func.func @minimum_f64() {
  %lhs = stablehlo.constant dense<[-1.5, 0.0, 2.25, 1000.0]> : tensor<4xf64>
  %rhs = stablehlo.constant dense<[0.5, -4.0, 2.25, -1000.0]> : tensor<4xf64>
  %result = stablehlo.minimum %lhs, %rhs : tensor<4xf64>
  check.expect_eq_const %result, dense<[-1.5, -4.0, 2.25, -1000.0]> : tensor<4xf64>
  func.return
}

// -----

func.func @power_i8() {
  %lhs = stablehlo.constant dense<[-1, -1, -3, 1, -3, 0, 2]> : tensor<7xi8>
  %rhs = stablehlo.constant dense<[1, 0, -3, -3, 3, 2, 6]> : tensor<7xi8>
  %result = stablehlo.power %lhs, %rhs : tensor<7xi8>
  check.expect_eq_const %result, dense<[-1, 1, 0, 1, -27, 0, 64]> : tensor<7xi8>
  func.return
}

// -----

func.func @power_i16() {
  %lhs = stablehlo.constant dense<[-1, -1, -3, 1, -3, 0, 2]> : tensor<7xi16>
  %rhs = stablehlo.constant dense<[1, 0, -3, -3, 3, 2, 6]> : tensor<7xi16>
  %result = stablehlo.power %lhs, %rhs : tensor<7xi16>
  check.expect_eq_const %result, dense<[-1, 1, 0, 1, -27, 0, 64]> : tensor<7xi16>
  func.return
}

// -----

func.func @power_i32() {
  %lhs = stablehlo.constant dense<[-1, -1, -3, 1, -3, 0, 2]> : tensor<7xi32>
  %rhs = stablehlo.constant dense<[1, 0, -3, -3, 3, 2, 6]> : tensor<7xi32>
  %result = stablehlo.power %lhs, %rhs : tensor<7xi32>
  check.expect_eq_const %result, dense<[-1, 1, 0, 1, -27, 0, 64]> : tensor<7xi32>
  func.return
}

// -----

func.func @power_i64() {
  %lhs = stablehlo.constant dense<[-1, -1, -3, 1, -3, 0, 2]> : tensor<7xi64>
  %rhs = stablehlo.constant dense<[1, 0, -3, -3, 3, 2, 6]> : tensor<7xi64>
  %result = stablehlo.power %lhs, %rhs : tensor<7xi64>
  check.expect_eq_const %result, dense<[-1, 1, 0, 1, -27, 0, 64]> : tensor<7xi64>
  func.return
}

// -----

func.func @power_ui8() {
  %lhs = stablehlo.constant dense<[2, 3, 0, 1, 7]> : tensor<5xui8>
  %rhs = stablehlo.constant dense<[7, 2, 0, 9, 1]> : tensor<5xui8>
  %result = stablehlo.power %lhs, %rhs : tensor<5xui8>
  check.expect_eq_const %result, dense<[128, 9, 1, 1, 7]> : tensor<5xui8>
  func.return
}

// -----

func.func @power_ui16() {
  %lhs = stablehlo.constant dense<[2, 3, 0, 1, 7]> : tensor<5xui16>
  %rhs = stablehlo.constant dense<[7, 2, 0, 9, 1]> : tensor<5xui16>
  %result = stablehlo.power %lhs, %rhs : tensor<5xui16>
  check.expect_eq_const %result, dense<[128, 9, 1, 1, 7]> : tensor<5xui16>
  func.return
}

// -----

func.func @power_ui32() {
  %lhs = stablehlo.constant dense<[2, 3, 0, 1, 7]> : tensor<5xui32>
  %rhs = stablehlo.constant dense<[7, 2, 0, 9, 1]> : tensor<5xui32>
  %result = stablehlo.power %lhs, %rhs : tensor<5xui32>
  check.expect_eq_const %result, dense<[128, 9, 1, 1, 7]> : tensor<5xui32>
  func.return
}

// -----

func.func @power_ui64() {
  %lhs = stablehlo.constant dense<[2, 3, 0, 1, 7]> : tensor<5xui64>
  %rhs = stablehlo.constant dense<[7, 2, 0, 9, 1]> : tensor<5xui64>
  %result = stablehlo.power %lhs, %rhs : tensor<5xui64>
  check.expect_eq_const %result, dense<[128, 9, 1, 1, 7]> : tensor<5xui64>
  func.return
}

// -----

func.func @power_f32() {
  %lhs = stablehlo.constant dense<[2.0, 4.0, 2.0, -3.0, 9.0]> : tensor<5xf32>
  %rhs = stablehlo.constant dense<[3.0, 0.5, -1.0, 2.0, 0.0]> : tensor<5xf32>
  %result = stablehlo.power %lhs, %rhs : tensor<5xf32>
  check.expect_almost_eq_const %result, dense<[8.0, 2.0, 0.5, 9.0, 1.0]> : tensor<5xf32>
  func.return
}

// -----

func.func @power_f64() {
  %lhs = stablehlo.constant dense<[2.0, 4.0, 2.0, -3.0, 9.0]> : tensor<5xf64>
  %rhs = stablehlo.constant dense<[3.0, 0.5, -1.0, 2.0, 0.0]> : tensor<5xf64>
  %result = stablehlo.power %lhs, %rhs : tensor<5xf64>
  check.expect_almost_eq_const %result, dense<[8.0, 2.0, 0.5, 9.0, 1.0]> : tensor<5xf64>
  func.return
}

// -----

func.func @and_i1() {
  %lhs = stablehlo.constant dense<[false, false, true, true]> : tensor<4xi1>
  %rhs = stablehlo.constant dense<[false, true, false, true]> : tensor<4xi1>
  %result = stablehlo.and %lhs, %rhs : tensor<4xi1>
  check.expect_eq_const %result, dense<[false, false, false, true]> : tensor<4xi1>
  func.return
}

// -----

func.func @and_i8() {
  %lhs = stablehlo.constant dense<[-1, 12, 5, -8]> : tensor<4xi8>
  %rhs = stablehlo.constant dense<[7, 10, -1, -3]> : tensor<4xi8>
  %result = stablehlo.and %lhs, %rhs : tensor<4xi8>
  check.expect_eq_const %result, dense<[7, 8, 5, -8]> : tensor<4xi8>
  func.return
}

// -----

func.func @and_i16() {
  %lhs = stablehlo.constant dense<[-1, 12, 5, -8]> : tensor<4xi16>
  %rhs = stablehlo.constant dense<[7, 10, -1, -3]> : tensor<4xi16>
  %result = stablehlo.and %lhs, %rhs : tensor<4xi16>
  check.expect_eq_const %result, dense<[7, 8, 5, -8]> : tensor<4xi16>
  func.return
}

// -----

func.func @and_i32() {
  %lhs = stablehlo.constant dense<[-1, 12, 5, -8]> : tensor<4xi32>
  %rhs = stablehlo.constant dense<[7, 10, -1, -3]> : tensor<4xi32>
  %result = stablehlo.and %lhs, %rhs : tensor<4xi32>
  check.expect_eq_const %result, dense<[7, 8, 5, -8]> : tensor<4xi32>
  func.return
}

// -----

func.func @and_i64() {
  %lhs = stablehlo.constant dense<[-1, 12, 5, -8]> : tensor<4xi64>
  %rhs = stablehlo.constant dense<[7, 10, -1, -3]> : tensor<4xi64>
  %result = stablehlo.and %lhs, %rhs : tensor<4xi64>
  check.expect_eq_const %result, dense<[7, 8, 5, -8]> : tensor<4xi64>
  func.return
}

// -----

func.func @and_ui8() {
  %lhs = stablehlo.constant dense<[255, 12, 5, 0]> : tensor<4xui8>
  %rhs = stablehlo.constant dense<[7, 10, 255, 0]> : tensor<4xui8>
  %result = stablehlo.and %lhs, %rhs : tensor<4xui8>
  check.expect_eq_const %result, dense<[7, 8, 5, 0]> : tensor<4xui8>
  func.return
}

// -----

func.func @and_ui16() {
  %lhs = stablehlo.constant dense<[65535, 12, 5, 0]> : tensor<4xui16>
  %rhs = stablehlo.constant dense<[7, 10, 65535, 0]> : tensor<4xui16>
  %result = stablehlo.and %lhs, %rhs : tensor<4xui16>
  check.expect_eq_const %result, dense<[7, 8, 5, 0]> : tensor<4xui16>
  func.return
}

// -----

func.func @and_ui32() {
  %lhs = stablehlo.constant dense<[4294967295, 12, 5, 0]> : tensor<4xui32>
  %rhs = stablehlo.constant dense<[7, 10, 4294967295, 0]> : tensor<4xui32>
  %result = stablehlo.and %lhs, %rhs : tensor<4xui32>
  check.expect_eq_const %result, dense<[7, 8, 5, 0]> : tensor<4xui32>
  func.return
}

// -----

func.func @and_ui64() {
  %lhs = stablehlo.constant dense<[18446744073709551615, 12, 5, 0]> : tensor<4xui64>
  %rhs = stablehlo.constant dense<[7, 10, 18446744073709551615, 0]> : tensor<4xui64>
  %result = stablehlo.and %lhs, %rhs : tensor<4xui64>
  check.expect_eq_const %result, dense<[7, 8, 5, 0]> : tensor<4xui64>
  func.return
}

// -----

func.func @or_i1() {
  %lhs = stablehlo.constant dense<[false, false, true, true]> : tensor<4xi1>
  %rhs = stablehlo.constant dense<[false, true, false, true]> : tensor<4xi1>
  %result = stablehlo.or %lhs, %rhs : tensor<4xi1>
  check.expect_eq_const %result, dense<[false, true, true, true]> : tensor<4xi1>
  func.return
}

// -----

func.func @or_i8() {
  %lhs = stablehlo.constant dense<[-1, 12, 5, -8]> : tensor<4xi8>
  %rhs = stablehlo.constant dense<[7, 10, -1, -3]> : tensor<4xi8>
  %result = stablehlo.or %lhs, %rhs : tensor<4xi8>
  check.expect_eq_const %result, dense<[-1, 14, -1, -3]> : tensor<4xi8>
  func.return
}

// -----

func.func @or_i16() {
  %lhs = stablehlo.constant dense<[-1, 12, 5, -8]> : tensor<4xi16>
  %rhs = stablehlo.constant dense<[7, 10, -1, -3]> : tensor<4xi16>
  %result = stablehlo.or %lhs, %rhs : tensor<4xi16>
  check.expect_eq_const %result, dense<[-1, 14, -1, -3]> : tensor<4xi16>
  func.return
}

// -----

func.func @or_i32() {
  %lhs = stablehlo.constant dense<[-1, 12, 5, -8]> : tensor<4xi32>
  %rhs = stablehlo.constant dense<[7, 10, -1, -3]> : tensor<4xi32>
  %result = stablehlo.or %lhs, %rhs : tensor<4xi32>
  check.expect_eq_const %result, dense<[-1, 14, -1, -3]> : tensor<4xi32>
  func.return
}

// -----

func.func @or_i64() {
  %lhs = stablehlo.constant dense<[-1, 12, 5, -8]> : tensor<4xi64>
  %rhs = stablehlo.constant dense<[7, 10, -1, -3]> : tensor<4xi64>
  %result = stablehlo.or %lhs, %rhs : tensor<4xi64>
  check.expect_eq_const %result, dense<[-1, 14, -1, -3]> : tensor<4xi64>
  func.return
}

// -----

func.func @or_ui8() {
  %lhs = stablehlo.constant dense<[255, 12, 5, 0]> : tensor<4xui8>
  %rhs = stablehlo.constant dense<[7, 10, 255, 0]> : tensor<4xui8>
  %result = stablehlo.or %lhs, %rhs : tensor<4xui8>
  check.expect_eq_const %result, dense<[255, 14, 255, 0]> : tensor<4xui8>
  func.return
}

// -----

func.func @or_ui16() {
  %lhs = stablehlo.constant dense<[65535, 12, 5, 0]> : tensor<4xui16>
  %rhs = stablehlo.constant dense<[7, 10, 65535, 0]> : tensor<4xui16>
  %result = stablehlo.or %lhs, %rhs : tensor<4xui16>
  check.expect_eq_const %result, dense<[65535, 14, 65535, 0]> : tensor<4xui16>
  func.return
}

// -----

func.func @or_ui32() {
  %lhs = stablehlo.constant dense<[4294967295, 12, 5, 0]> : tensor<4xui32>
  %rhs = stablehlo.constant dense<[7, 10, 4294967295, 0]> : tensor<4xui32>
  %result = stablehlo.or %lhs, %rhs : tensor<4xui32>
  check.expect_eq_const %result, dense<[4294967295, 14, 4294967295, 0]> : tensor<4xui32>
  func.return
}

// -----

func.func @or_ui64() {
  %lhs = stablehlo.constant dense<[18446744073709551615, 12, 5, 0]> : tensor<4xui64>
  %rhs = stablehlo.constant dense<[7, 10, 18446744073709551615, 0]> : tensor<4xui64>
  %result = stablehlo.or %lhs, %rhs : tensor<4xui64>
  check.expect_eq_const %result, dense<[18446744073709551615, 14, 18446744073709551615, 0]> : tensor<4xui64>
  func.return
}

// -----

func.func @xor_i1() {
  %lhs = stablehlo.constant dense<[false, false, true, true]> : tensor<4xi1>
  %rhs = stablehlo.constant dense<[false, true, false, true]> : tensor<4xi1>
  %result = stablehlo.xor %lhs, %rhs : tensor<4xi1>
  check.expect_eq_const %result, dense<[false, true, true, false]> : tensor<4xi1>
  func.return
}

// -----

func.func @xor_i8() {
  %lhs = stablehlo.constant dense<[-1, 12, 5, -8]> : tensor<4xi8>
  %rhs = stablehlo.constant dense<[7, 10, -1, -3]> : tensor<4xi8>
  %result = stablehlo.xor %lhs, %rhs : tensor<4xi8>
  check.expect_eq_const %result, dense<[-8, 6, -6, 5]> : tensor<4xi8>
  func.return
}

// -----

func.func @xor_i16() {
  %lhs = stablehlo.constant dense<[-1, 12, 5, -8]> : tensor<4xi16>
  %rhs = stablehlo.constant dense<[7, 10, -1, -3]> : tensor<4xi16>
  %result = stablehlo.xor %lhs, %rhs : tensor<4xi16>
  check.expect_eq_const %result, dense<[-8, 6, -6, 5]> : tensor<4xi16>
  func.return
}

// -----

func.func @xor_i32() {
  %lhs = stablehlo.constant dense<[-1, 12, 5, -8]> : tensor<4xi32>
  %rhs = stablehlo.constant dense<[7, 10, -1, -3]> : tensor<4xi32>
  %result = stablehlo.xor %lhs, %rhs : tensor<4xi32>
  check.expect_eq_const %result, dense<[-8, 6, -6, 5]> : tensor<4xi32>
  func.return
}

// -----

func.func @xor_i64() {
  %lhs = stablehlo.constant dense<[-1, 12, 5, -8]> : tensor<4xi64>
  %rhs = stablehlo.constant dense<[7, 10, -1, -3]> : tensor<4xi64>
  %result = stablehlo.xor %lhs, %rhs : tensor<4xi64>
  check.expect_eq_const %result, dense<[-8, 6, -6, 5]> : tensor<4xi64>
  func.return
}

// -----

func.func @xor_ui8() {
  %lhs = stablehlo.constant dense<[255, 12, 5, 0]> : tensor<4xui8>
  %rhs = stablehlo.constant dense<[7, 10, 255, 0]> : tensor<4xui8>
  %result = stablehlo.xor %lhs, %rhs : tensor<4xui8>
  check.expect_eq_const %result, dense<[248, 6, 250, 0]> : tensor<4xui8>
  func.return
}

// -----

func.func @xor_ui16() {
  %lhs = stablehlo.constant dense<[65535, 12, 5, 0]> : tensor<4xui16>
  %rhs = stablehlo.constant dense<[7, 10, 65535, 0]> : tensor<4xui16>
  %result = stablehlo.xor %lhs, %rhs : tensor<4xui16>
  check.expect_eq_const %result, dense<[65528, 6, 65530, 0]> : tensor<4xui16>
  func.return
}

// -----

func.func @xor_ui32() {
  %lhs = stablehlo.constant dense<[4294967295, 12, 5, 0]> : tensor<4xui32>
  %rhs = stablehlo.constant dense<[7, 10, 4294967295, 0]> : tensor<4xui32>
  %result = stablehlo.xor %lhs, %rhs : tensor<4xui32>
  check.expect_eq_const %result, dense<[4294967288, 6, 4294967290, 0]> : tensor<4xui32>
  func.return
}

// -----

func.func @xor_ui64() {
  %lhs = stablehlo.constant dense<[18446744073709551615, 12, 5, 0]> : tensor<4xui64>
  %rhs = stablehlo.constant dense<[7, 10, 18446744073709551615, 0]> : tensor<4xui64>
  %result = stablehlo.xor %lhs, %rhs : tensor<4xui64>
  check.expect_eq_const %result, dense<[18446744073709551608, 6, 18446744073709551610, 0]> : tensor<4xui64>
  func.return
}

// -----

func.func @add_scalar_f32() {
  %a = stablehlo.constant dense<1.5> : tensor<f32>
  %b = stablehlo.constant dense<2.0> : tensor<f32>
  %r = stablehlo.add %a, %b : tensor<f32>
  check.expect_eq_const %r, dense<3.5> : tensor<f32>
  func.return
}

// -----

func.func @multiply_2d_i32() {
  %a = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %b = stablehlo.constant dense<[[-1, 2, -3], [4, -5, 6]]> : tensor<2x3xi32>
  %r = stablehlo.multiply %a, %b : tensor<2x3xi32>
  check.expect_eq_const %r, dense<[[-1, 4, -9], [16, -25, 36]]> : tensor<2x3xi32>
  func.return
}
