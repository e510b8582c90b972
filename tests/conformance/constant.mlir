// stablehlo.constant on every element type: nested lists, splats, hex byte strings
// (`dense<"0x...">`, little-endian), hex float bit patterns, scalars, empty tensors and the
// generic form.

func.func @constant_i1() {
  %dense = stablehlo.constant dense<[[true, false, true], [true, false, true]]> : tensor<2x3xi1>
  %splat = stablehlo.constant dense<true> : tensor<2x3xi1>
  check.expect_eq_const %splat, dense<true> : tensor<2x3xi1>
  %hex_splat = stablehlo.constant dense<"0x00"> : tensor<2x3xi1>
  check.expect_eq_const %hex_splat, dense<false> : tensor<2x3xi1>
  %scalar = stablehlo.constant dense<true> : tensor<i1>
  check.expect_eq_const %scalar, dense<true> : tensor<i1>
  %generic = "stablehlo.constant"() {value = dense<[[true, false, true], [true, false, true]]> : tensor<2x3xi1>} : () -> tensor<2x3xi1>
  check.expect_eq %generic, %dense : tensor<2x3xi1>
  %empty = stablehlo.constant dense<> : tensor<0x3xi1>
  check.expect_eq_const %empty, dense<> : tensor<0x3xi1>
  func.return
}

// -----

func.func @constant_i8() {
  %dense = stablehlo.constant dense<[[1, -2, 0], [127, -128, 7]]> : tensor<2x3xi8>
  %hex = stablehlo.constant dense<"0x01FE007F8007"> : tensor<2x3xi8>
  check.expect_eq %dense, %hex : tensor<2x3xi8>
  %splat = stablehlo.constant dense<1> : tensor<2x3xi8>
  check.expect_eq_const %splat, dense<1> : tensor<2x3xi8>
  %hex_splat = stablehlo.constant dense<"0xFE"> : tensor<2x3xi8>
  check.expect_eq_const %hex_splat, dense<-2> : tensor<2x3xi8>
  %scalar = stablehlo.constant dense<127> : tensor<i8>
  check.expect_eq_const %scalar, dense<127> : tensor<i8>
  %generic = "stablehlo.constant"() {value = dense<[[1, -2, 0], [127, -128, 7]]> : tensor<2x3xi8>} : () -> tensor<2x3xi8>
  check.expect_eq %generic, %dense : tensor<2x3xi8>
  %empty = stablehlo.constant dense<> : tensor<0x3xi8>
  check.expect_eq_const %empty, dense<> : tensor<0x3xi8>
  func.return
}

// -----

func.func @constant_i16() {
  %dense = stablehlo.constant dense<[[1, -2, 0], [32767, -32768, 7]]> : tensor<2x3xi16>
  %hex = stablehlo.constant dense<"0x0100FEFF0000FF7F00800700"> : tensor<2x3xi16>
  check.expect_eq %dense, %hex : tensor<2x3xi16>
  %splat = stablehlo.constant dense<1> : tensor<2x3xi16>
  check.expect_eq_const %splat, dense<1> : tensor<2x3xi16>
  %hex_splat = stablehlo.constant dense<"0xFEFF"> : tensor<2x3xi16>
  check.expect_eq_const %hex_splat, dense<-2> : tensor<2x3xi16>
  %scalar = stablehlo.constant dense<32767> : tensor<i16>
  check.expect_eq_const %scalar, dense<32767> : tensor<i16>
  %generic = "stablehlo.constant"() {value = dense<[[1, -2, 0], [32767, -32768, 7]]> : tensor<2x3xi16>} : () -> tensor<2x3xi16>
  check.expect_eq %generic, %dense : tensor<2x3xi16>
  %empty = stablehlo.constant dense<> : tensor<0x3xi16>
  check.expect_eq_const %empty, dense<> : tensor<0x3xi16>
  func.return
}

// -----

func.func @constant_i32() {
  %dense = stablehlo.constant dense<[[1, -2, 0], [2147483647, -2147483648, 7]]> : tensor<2x3xi32>
  %hex = stablehlo.constant dense<"0x01000000FEFFFFFF00000000FFFFFF7F0000008007000000"> : tensor<2x3xi32>
  check.expect_eq %dense, %hex : tensor<2x3xi32>
  %splat = stablehlo.constant dense<1> : tensor<2x3xi32>
  check.expect_eq_const %splat, dense<1> : tensor<2x3xi32>
  %hex_splat = stablehlo.constant dense<"0xFEFFFFFF"> : tensor<2x3xi32>
  check.expect_eq_const %hex_splat, dense<-2> : tensor<2x3xi32>
  %scalar = stablehlo.constant dense<2147483647> : tensor<i32>
  check.expect_eq_const %scalar, dense<2147483647> : tensor<i32>
  %generic = "stablehlo.constant"() {value = dense<[[1, -2, 0], [2147483647, -2147483648, 7]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  check.expect_eq %generic, %dense : tensor<2x3xi32>
  %empty = stablehlo.constant dense<> : tensor<0x3xi32>
  check.expect_eq_const %empty, dense<> : tensor<0x3xi32>
  func.return
}

// -----

func.func @constant_i64() {
  %dense = stablehlo.constant dense<[[1, -2, 0], [9223372036854775807, -9223372036854775808, 7]]> : tensor<2x3xi64>
  %hex = stablehlo.constant dense<"0x0100000000000000FEFFFFFFFFFFFFFF0000000000000000FFFFFFFFFFFFFF7F00000000000000800700000000000000"> : tensor<2x3xi64>
  check.expect_eq %dense, %hex : tensor<2x3xi64>
  %splat = stablehlo.constant dense<1> : tensor<2x3xi64>
  check.expect_eq_const %splat, dense<1> : tensor<2x3xi64>
  %hex_splat = stablehlo.constant dense<"0xFEFFFFFFFFFFFFFF"> : tensor<2x3xi64>
  check.expect_eq_const %hex_splat, dense<-2> : tensor<2x3xi64>
  %scalar = stablehlo.constant dense<9223372036854775807> : tensor<i64>
  check.expect_eq_const %scalar, dense<9223372036854775807> : tensor<i64>
  %generic = "stablehlo.constant"() {value = dense<[[1, -2, 0], [9223372036854775807, -9223372036854775808, 7]]> : tensor<2x3xi64>} : () -> tensor<2x3xi64>
  check.expect_eq %generic, %dense : tensor<2x3xi64>
  %empty = stablehlo.constant dense<> : tensor<0x3xi64>
  check.expect_eq_const %empty, dense<> : tensor<0x3xi64>
  func.return
}

// -----

func.func @constant_ui8() {
  %dense = stablehlo.constant dense<[[1, 2, 0], [255, 128, 7]]> : tensor<2x3xui8>
  %hex = stablehlo.constant dense<"0x010200FF8007"> : tensor<2x3xui8>
  check.expect_eq %dense, %hex : tensor<2x3xui8>
  %splat = stablehlo.constant dense<1> : tensor<2x3xui8>
  check.expect_eq_const %splat, dense<1> : tensor<2x3xui8>
  %hex_splat = stablehlo.constant dense<"0x02"> : tensor<2x3xui8>
  check.expect_eq_const %hex_splat, dense<2> : tensor<2x3xui8>
  %scalar = stablehlo.constant dense<255> : tensor<ui8>
  check.expect_eq_const %scalar, dense<255> : tensor<ui8>
  %generic = "stablehlo.constant"() {value = dense<[[1, 2, 0], [255, 128, 7]]> : tensor<2x3xui8>} : () -> tensor<2x3xui8>
  check.expect_eq %generic, %dense : tensor<2x3xui8>
  %empty = stablehlo.constant dense<> : tensor<0x3xui8>
  check.expect_eq_const %empty, dense<> : tensor<0x3xui8>
  func.return
}

// -----

func.func @constant_ui16() {
  %dense = stablehlo.constant dense<[[1, 2, 0], [65535, 128, 7]]> : tensor<2x3xui16>
  %hex = stablehlo.constant dense<"0x010002000000FFFF80000700"> : tensor<2x3xui16>
  check.expect_eq %dense, %hex : tensor<2x3xui16>
  %splat = stablehlo.constant dense<1> : tensor<2x3xui16>
  check.expect_eq_const %splat, dense<1> : tensor<2x3xui16>
  %hex_splat = stablehlo.constant dense<"0x0200"> : tensor<2x3xui16>
  check.expect_eq_const %hex_splat, dense<2> : tensor<2x3xui16>
  %scalar = stablehlo.constant dense<65535> : tensor<ui16>
  check.expect_eq_const %scalar, dense<65535> : tensor<ui16>
  %generic = "stablehlo.constant"() {value = dense<[[1, 2, 0], [65535, 128, 7]]> : tensor<2x3xui16>} : () -> tensor<2x3xui16>
  check.expect_eq %generic, %dense : tensor<2x3xui16>
  %empty = stablehlo.constant dense<> : tensor<0x3xui16>
  check.expect_eq_const %empty, dense<> : tensor<0x3xui16>
  func.return
}

// -----

func.func @constant_ui32() {
  %dense = stablehlo.constant dense<[[1, 2, 0], [4294967295, 128, 7]]> : tensor<2x3xui32>
  %hex = stablehlo.constant dense<"0x010000000200000000000000FFFFFFFF8000000007000000"> : tensor<2x3xui32>
  check.expect_eq %dense, %hex : tensor<2x3xui32>
  %splat = stablehlo.constant dense<1> : tensor<2x3xui32>
  check.expect_eq_const %splat, dense<1> : tensor<2x3xui32>
  %hex_splat = stablehlo.constant dense<"0x02000000"> : tensor<2x3xui32>
  check.expect_eq_const %hex_splat, dense<2> : tensor<2x3xui32>
  %scalar = stablehlo.constant dense<4294967295> : tensor<ui32>
  check.expect_eq_const %scalar, dense<4294967295> : tensor<ui32>
  %generic = "stablehlo.constant"() {value = dense<[[1, 2, 0], [4294967295, 128, 7]]> : tensor<2x3xui32>} : () -> tensor<2x3xui32>
  check.expect_eq %generic, %dense : tensor<2x3xui32>
  %empty = stablehlo.constant dense<> : tensor<0x3xui32>
  check.expect_eq_const %empty, dense<> : tensor<0x3xui32>
  func.return
}

// -----

func.func @constant_ui64() {
  %dense = stablehlo.constant dense<[[1, 2, 0], [18446744073709551615, 128, 7]]> : tensor<2x3xui64>
  %hex = stablehlo.constant dense<"0x010000000000000002000000000000000000000000000000FFFFFFFFFFFFFFFF80000000000000000700000000000000"> : tensor<2x3xui64>
  check.expect_eq %dense, %hex : tensor<2x3xui64>
  %splat = stablehlo.constant dense<1> : tensor<2x3xui64>
  check.expect_eq_const %splat, dense<1> : tensor<2x3xui64>
  %hex_splat = stablehlo.constant dense<"0x0200000000000000"> : tensor<2x3xui64>
  check.expect_eq_const %hex_splat, dense<2> : tensor<2x3xui64>
  %scalar = stablehlo.constant dense<18446744073709551615> : tensor<ui64>
  check.expect_eq_const %scalar, dense<18446744073709551615> : tensor<ui64>
  %generic = "stablehlo.constant"() {value = dense<[[1, 2, 0], [18446744073709551615, 128, 7]]> : tensor<2x3xui64>} : () -> tensor<2x3xui64>
  check.expect_eq %generic, %dense : tensor<2x3xui64>
  %empty = stablehlo.constant dense<> : tensor<0x3xui64>
  check.expect_eq_const %empty, dense<> : tensor<0x3xui64>
  func.return
}

// -----

func.func @constant_f32() {
  %dense = stablehlo.constant dense<[[1.5, -2.0, 0.0], [3.25, -0.125, 10000000000.0]]> : tensor<2x3xf32>
  %hex = stablehlo.constant dense<"0x0000C03F000000C00000000000005040000000BEF9021550"> : tensor<2x3xf32>
  check.expect_eq %dense, %hex : tensor<2x3xf32>
  %splat = stablehlo.constant dense<1.5> : tensor<2x3xf32>
  check.expect_eq_const %splat, dense<1.5> : tensor<2x3xf32>
  %hex_splat = stablehlo.constant dense<"0x000000C0"> : tensor<2x3xf32>
  check.expect_eq_const %hex_splat, dense<-2.0> : tensor<2x3xf32>
  %scalar = stablehlo.constant dense<3.25> : tensor<f32>
  check.expect_eq_const %scalar, dense<3.25> : tensor<f32>
  %generic = "stablehlo.constant"() {value = dense<[[1.5, -2.0, 0.0], [3.25, -0.125, 10000000000.0]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  check.expect_eq %generic, %dense : tensor<2x3xf32>
  %empty = stablehlo.constant dense<> : tensor<0x3xf32>
  check.expect_eq_const %empty, dense<> : tensor<0x3xf32>
  func.return
}

// -----

func.func @constant_f64() {
  %dense = stablehlo.constant dense<[[1.5, -2.0, 0.0], [3.25, -0.125, 10000000000.0]]> : tensor<2x3xf64>
  %hex = stablehlo.constant dense<"0x000000000000F83F00000000000000C000000000000000000000000000000A40000000000000C0BF000000205FA00242"> : tensor<2x3xf64>
  check.expect_eq %dense, %hex : tensor<2x3xf64>
  %splat = stablehlo.constant dense<1.5> : tensor<2x3xf64>
  check.expect_eq_const %splat, dense<1.5> : tensor<2x3xf64>
  %hex_splat = stablehlo.constant dense<"0x00000000000000C0"> : tensor<2x3xf64>
  check.expect_eq_const %hex_splat, dense<-2.0> : tensor<2x3xf64>
  %scalar = stablehlo.constant dense<3.25> : tensor<f64>
  check.expect_eq_const %scalar, dense<3.25> : tensor<f64>
  %generic = "stablehlo.constant"() {value = dense<[[1.5, -2.0, 0.0], [3.25, -0.125, 10000000000.0]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  check.expect_eq %generic, %dense : tensor<2x3xf64>
  %empty = stablehlo.constant dense<> : tensor<0x3xf64>
  check.expect_eq_const %empty, dense<> : tensor<0x3xf64>
  func.return
}

// -----

func.func @constant_float_forms() {
  %hex_inf = stablehlo.constant dense<0x7F800000> : tensor<f32>
  %big = stablehlo.constant dense<3.40282347E+38> : tensor<f32>
  %is_inf = stablehlo.compare GT, %hex_inf, %big, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
  check.expect_eq_const %is_inf, dense<true> : tensor<i1>
  %exp = stablehlo.constant dense<[1.000000e+00, 2.5E-1, -1.0e2, 0x3FF8000000000000]> : tensor<4xf64>
  check.expect_eq_const %exp, dense<[1.0, 0.25, -100.0, 1.5]> : tensor<4xf64>
  func.return
}
