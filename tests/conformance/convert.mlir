// stablehlo.convert between every pair of element types: int->float exact, float->int truncates
// toward zero, anything->i1 is `!= 0`, i1->number is 0 or 1, f64->f32 rounds to nearest even.

func.func @convert_from_i1() {
  %operand = stablehlo.constant dense<[false, true, true, false]> : tensor<4xi1>
  %to_i1 = stablehlo.convert %operand : (tensor<4xi1>) -> tensor<4xi1>
  check.expect_eq_const %to_i1, dense<[false, true, true, false]> : tensor<4xi1>
  %to_i8 = stablehlo.convert %operand : (tensor<4xi1>) -> tensor<4xi8>
  check.expect_eq_const %to_i8, dense<[0, 1, 1, 0]> : tensor<4xi8>
  %to_i16 = stablehlo.convert %operand : (tensor<4xi1>) -> tensor<4xi16>
  check.expect_eq_const %to_i16, dense<[0, 1, 1, 0]> : tensor<4xi16>
  %to_i32 = stablehlo.convert %operand : (tensor<4xi1>) -> tensor<4xi32>
  check.expect_eq_const %to_i32, dense<[0, 1, 1, 0]> : tensor<4xi32>
  %to_i64 = stablehlo.convert %operand : (tensor<4xi1>) -> tensor<4xi64>
  check.expect_eq_const %to_i64, dense<[0, 1, 1, 0]> : tensor<4xi64>
  %to_ui8 = stablehlo.convert %operand : (tensor<4xi1>) -> tensor<4xui8>
  check.expect_eq_const %to_ui8, dense<[0, 1, 1, 0]> : tensor<4xui8>
  %to_ui16 = stablehlo.convert %operand : (tensor<4xi1>) -> tensor<4xui16>
  check.expect_eq_const %to_ui16, dense<[0, 1, 1, 0]> : tensor<4xui16>
  %to_ui32 = stablehlo.convert %operand : (tensor<4xi1>) -> tensor<4xui32>
  check.expect_eq_const %to_ui32, dense<[0, 1, 1, 0]> : tensor<4xui32>
  %to_ui64 = stablehlo.convert %operand : (tensor<4xi1>) -> tensor<4xui64>
  check.expect_eq_const %to_ui64, dense<[0, 1, 1, 0]> : tensor<4xui64>
  %to_f32 = stablehlo.convert %operand : (tensor<4xi1>) -> tensor<4xf32>
  check.expect_eq_const %to_f32, dense<[0.0, 1.0, 1.0, 0.0]> : tensor<4xf32>
  %to_f64 = stablehlo.convert %operand : (tensor<4xi1>) -> tensor<4xf64>
  check.expect_eq_const %to_f64, dense<[0.0, 1.0, 1.0, 0.0]> : tensor<4xf64>
  func.return
}

// -----

func.func @convert_from_i8() {
  %operand = stablehlo.constant dense<[0, 1, 2, 3]> : tensor<4xi8>
  %to_i1 = stablehlo.convert %operand : (tensor<4xi8>) -> tensor<4xi1>
  check.expect_eq_const %to_i1, dense<[false, true, true, true]> : tensor<4xi1>
  %to_i8 = stablehlo.convert %operand : (tensor<4xi8>) -> tensor<4xi8>
  check.expect_eq_const %to_i8, dense<[0, 1, 2, 3]> : tensor<4xi8>
  %to_i16 = stablehlo.convert %operand : (tensor<4xi8>) -> tensor<4xi16>
  check.expect_eq_const %to_i16, dense<[0, 1, 2, 3]> : tensor<4xi16>
  %to_i32 = stablehlo.convert %operand : (tensor<4xi8>) -> tensor<4xi32>
  check.expect_eq_const %to_i32, dense<[0, 1, 2, 3]> : tensor<4xi32>
  %to_i64 = stablehlo.convert %operand : (tensor<4xi8>) -> tensor<4xi64>
  check.expect_eq_const %to_i64, dense<[0, 1, 2, 3]> : tensor<4xi64>
  %to_ui8 = stablehlo.convert %operand : (tensor<4xi8>) -> tensor<4xui8>
  check.expect_eq_const %to_ui8, dense<[0, 1, 2, 3]> : tensor<4xui8>
  %to_ui16 = stablehlo.convert %operand : (tensor<4xi8>) -> tensor<4xui16>
  check.expect_eq_const %to_ui16, dense<[0, 1, 2, 3]> : tensor<4xui16>
  %to_ui32 = stablehlo.convert %operand : (tensor<4xi8>) -> tensor<4xui32>
  check.expect_eq_const %to_ui32, dense<[0, 1, 2, 3]> : tensor<4xui32>
  %to_ui64 = stablehlo.convert %operand : (tensor<4xi8>) -> tensor<4xui64>
  check.expect_eq_const %to_ui64, dense<[0, 1, 2, 3]> : tensor<4xui64>
  %to_f32 = stablehlo.convert %operand : (tensor<4xi8>) -> tensor<4xf32>
  check.expect_eq_const %to_f32, dense<[0.0, 1.0, 2.0, 3.0]> : tensor<4xf32>
  %to_f64 = stablehlo.convert %operand : (tensor<4xi8>) -> tensor<4xf64>
  check.expect_eq_const %to_f64, dense<[0.0, 1.0, 2.0, 3.0]> : tensor<4xf64>
  func.return
}

// -----

func.func @convert_from_i16() {
  %operand = stablehlo.constant dense<[0, 1, 2, 3]> : tensor<4xi16>
  %to_i1 = stablehlo.convert %operand : (tensor<4xi16>) -> tensor<4xi1>
  check.expect_eq_const %to_i1, dense<[false, true, true, true]> : tensor<4xi1>
  %to_i8 = stablehlo.convert %operand : (tensor<4xi16>) -> tensor<4xi8>
  check.expect_eq_const %to_i8, dense<[0, 1, 2, 3]> : tensor<4xi8>
  %to_i16 = stablehlo.convert %operand : (tensor<4xi16>) -> tensor<4xi16>
  check.expect_eq_const %to_i16, dense<[0, 1, 2, 3]> : tensor<4xi16>
  %to_i32 = stablehlo.convert %operand : (tensor<4xi16>) -> tensor<4xi32>
  check.expect_eq_const %to_i32, dense<[0, 1, 2, 3]> : tensor<4xi32>
  %to_i64 = stablehlo.convert %operand : (tensor<4xi16>) -> tensor<4xi64>
  check.expect_eq_const %to_i64, dense<[0, 1, 2, 3]> : tensor<4xi64>
  %to_ui8 = stablehlo.convert %operand : (tensor<4xi16>) -> tensor<4xui8>
  check.expect_eq_const %to_ui8, dense<[0, 1, 2, 3]> : tensor<4xui8>
  %to_ui16 = stablehlo.convert %operand : (tensor<4xi16>) -> tensor<4xui16>
  check.expect_eq_const %to_ui16, dense<[0, 1, 2, 3]> : tensor<4xui16>
  %to_ui32 = stablehlo.convert %operand : (tensor<4xi16>) -> tensor<4xui32>
  check.expect_eq_const %to_ui32, dense<[0, 1, 2, 3]> : tensor<4xui32>
  %to_ui64 = stablehlo.convert %operand : (tensor<4xi16>) -> tensor<4xui64>
  check.expect_eq_const %to_ui64, dense<[0, 1, 2, 3]> : tensor<4xui64>
  %to_f32 = stablehlo.convert %operand : (tensor<4xi16>) -> tensor<4xf32>
  check.expect_eq_const %to_f32, dense<[0.0, 1.0, 2.0, 3.0]> : tensor<4xf32>
  %to_f64 = stablehlo.convert %operand : (tensor<4xi16>) -> tensor<4xf64>
  check.expect_eq_const %to_f64, dense<[0.0, 1.0, 2.0, 3.0]> : tensor<4xf64>
  func.return
}

// -----

func.func @convert_from_i32() {
  %operand = stablehlo.constant dense<[0, 1, 2, 3]> : tensor<4xi32>
  %to_i1 = stablehlo.convert %operand : (tensor<4xi32>) -> tensor<4xi1>
  check.expect_eq_const %to_i1, dense<[false, true, true, true]> : tensor<4xi1>
  %to_i8 = stablehlo.convert %operand : (tensor<4xi32>) -> tensor<4xi8>
  check.expect_eq_const %to_i8, dense<[0, 1, 2, 3]> : tensor<4xi8>
  %to_i16 = stablehlo.convert %operand : (tensor<4xi32>) -> tensor<4xi16>
  check.expect_eq_const %to_i16, dense<[0, 1, 2, 3]> : tensor<4xi16>
  %to_i32 = stablehlo.convert %operand : (tensor<4xi32>) -> tensor<4xi32>
  check.expect_eq_const %to_i32, dense<[0, 1, 2, 3]> : tensor<4xi32>
  %to_i64 = stablehlo.convert %operand : (tensor<4xi32>) -> tensor<4xi64>
  check.expect_eq_const %to_i64, dense<[0, 1, 2, 3]> : tensor<4xi64>
  %to_ui8 = stablehlo.convert %operand : (tensor<4xi32>) -> tensor<4xui8>
  check.expect_eq_const %to_ui8, dense<[0, 1, 2, 3]> : tensor<4xui8>
  %to_ui16 = stablehlo.convert %operand : (tensor<4xi32>) -> tensor<4xui16>
  check.expect_eq_const %to_ui16, dense<[0, 1, 2, 3]> : tensor<4xui16>
  %to_ui32 = stablehlo.convert %operand : (tensor<4xi32>) -> tensor<4xui32>
  check.expect_eq_const %to_ui32, dense<[0, 1, 2, 3]> : tensor<4xui32>
  %to_ui64 = stablehlo.convert %operand : (tensor<4xi32>) -> tensor<4xui64>
  check.expect_eq_const %to_ui64, dense<[0, 1, 2, 3]> : tensor<4xui64>
  %to_f32 = stablehlo.convert %operand : (tensor<4xi32>) -> tensor<4xf32>
  check.expect_eq_const %to_f32, dense<[0.0, 1.0, 2.0, 3.0]> : tensor<4xf32>
  %to_f64 = stablehlo.convert %operand : (tensor<4xi32>) -> tensor<4xf64>
  check.expect_eq_const %to_f64, dense<[0.0, 1.0, 2.0, 3.0]> : tensor<4xf64>
  func.return
}

// -----

func.func @convert_from_i64() {
  %operand = stablehlo.constant dense<[0, 1, 2, 3]> : tensor<4xi64>
  %to_i1 = stablehlo.convert %operand : (tensor<4xi64>) -> tensor<4xi1>
  check.expect_eq_const %to_i1, dense<[false, true, true, true]> : tensor<4xi1>
  %to_i8 = stablehlo.convert %operand : (tensor<4xi64>) -> tensor<4xi8>
  check.expect_eq_const %to_i8, dense<[0, 1, 2, 3]> : tensor<4xi8>
  %to_i16 = stablehlo.convert %operand : (tensor<4xi64>) -> tensor<4xi16>
  check.expect_eq_const %to_i16, dense<[0, 1, 2, 3]> : tensor<4xi16>
  %to_i32 = stablehlo.convert %operand : (tensor<4xi64>) -> tensor<4xi32>
  check.expect_eq_const %to_i32, dense<[0, 1, 2, 3]> : tensor<4xi32>
  %to_i64 = stablehlo.convert %operand : (tensor<4xi64>) -> tensor<4xi64>
  check.expect_eq_const %to_i64, dense<[0, 1, 2, 3]> : tensor<4xi64>
  %to_ui8 = stablehlo.convert %operand : (tensor<4xi64>) -> tensor<4xui8>
  check.expect_eq_const %to_ui8, dense<[0, 1, 2, 3]> : tensor<4xui8>
  %to_ui16 = stablehlo.convert %operand : (tensor<4xi64>) -> tensor<4xui16>
  check.expect_eq_const %to_ui16, dense<[0, 1, 2, 3]> : tensor<4xui16>
  %to_ui32 = stablehlo.convert %operand : (tensor<4xi64>) -> tensor<4xui32>
  check.expect_eq_const %to_ui32, dense<[0, 1, 2, 3]> : tensor<4xui32>
  %to_ui64 = stablehlo.convert %operand : (tensor<4xi64>) -> tensor<4xui64>
  check.expect_eq_const %to_ui64, dense<[0, 1, 2, 3]> : tensor<4xui64>
  %to_f32 = stablehlo.convert %operand : (tensor<4xi64>) -> tensor<4xf32>
  check.expect_eq_const %to_f32, dense<[0.0, 1.0, 2.0, 3.0]> : tensor<4xf32>
  %to_f64 = stablehlo.convert %operand : (tensor<4xi64>) -> tensor<4xf64>
  check.expect_eq_const %to_f64, dense<[0.0, 1.0, 2.0, 3.0]> : tensor<4xf64>
  func.return
}

// -----

func.func @convert_from_ui8() {
  %operand = stablehlo.constant dense<[0, 1, 2, 3]> : tensor<4xui8>
  %to_i1 = stablehlo.convert %operand : (tensor<4xui8>) -> tensor<4xi1>
  check.expect_eq_const %to_i1, dense<[false, true, true, true]> : tensor<4xi1>
  %to_i8 = stablehlo.convert %operand : (tensor<4xui8>) -> tensor<4xi8>
  check.expect_eq_const %to_i8, dense<[0, 1, 2, 3]> : tensor<4xi8>
  %to_i16 = stablehlo.convert %operand : (tensor<4xui8>) -> tensor<4xi16>
  check.expect_eq_const %to_i16, dense<[0, 1, 2, 3]> : tensor<4xi16>
  %to_i32 = stablehlo.convert %operand : (tensor<4xui8>) -> tensor<4xi32>
  check.expect_eq_const %to_i32, dense<[0, 1, 2, 3]> : tensor<4xi32>
  %to_i64 = stablehlo.convert %operand : (tensor<4xui8>) -> tensor<4xi64>
  check.expect_eq_const %to_i64, dense<[0, 1, 2, 3]> : tensor<4xi64>
  %to_ui8 = stablehlo.convert %operand : (tensor<4xui8>) -> tensor<4xui8>
  check.expect_eq_const %to_ui8, dense<[0, 1, 2, 3]> : tensor<4xui8>
  %to_ui16 = stablehlo.convert %operand : (tensor<4xui8>) -> tensor<4xui16>
  check.expect_eq_const %to_ui16, dense<[0, 1, 2, 3]> : tensor<4xui16>
  %to_ui32 = stablehlo.convert %operand : (tensor<4xui8>) -> tensor<4xui32>
  check.expect_eq_const %to_ui32, dense<[0, 1, 2, 3]> : tensor<4xui32>
  %to_ui64 = stablehlo.convert %operand : (tensor<4xui8>) -> tensor<4xui64>
  check.expect_eq_const %to_ui64, dense<[0, 1, 2, 3]> : tensor<4xui64>
  %to_f32 = stablehlo.convert %operand : (tensor<4xui8>) -> tensor<4xf32>
  check.expect_eq_const %to_f32, dense<[0.0, 1.0, 2.0, 3.0]> : tensor<4xf32>
  %to_f64 = stablehlo.convert %operand : (tensor<4xui8>) -> tensor<4xf64>
  check.expect_eq_const %to_f64, dense<[0.0, 1.0, 2.0, 3.0]> : tensor<4xf64>
  func.return
}

// -----

func.func @convert_from_ui16() {
  %operand = stablehlo.constant dense<[0, 1, 2, 3]> : tensor<4xui16>
  %to_i1 = stablehlo.convert %operand : (tensor<4xui16>) -> tensor<4xi1>
  check.expect_eq_const %to_i1, dense<[false, true, true, true]> : tensor<4xi1>
  %to_i8 = stablehlo.convert %operand : (tensor<4xui16>) -> tensor<4xi8>
  check.expect_eq_const %to_i8, dense<[0, 1, 2, 3]> : tensor<4xi8>
  %to_i16 = stablehlo.convert %operand : (tensor<4xui16>) -> tensor<4xi16>
  check.expect_eq_const %to_i16, dense<[0, 1, 2, 3]> : tensor<4xi16>
  %to_i32 = stablehlo.convert %operand : (tensor<4xui16>) -> tensor<4xi32>
  check.expect_eq_const %to_i32, dense<[0, 1, 2, 3]> : tensor<4xi32>
  %to_i64 = stablehlo.convert %operand : (tensor<4xui16>) -> tensor<4xi64>
  check.expect_eq_const %to_i64, dense<[0, 1, 2, 3]> : tensor<4xi64>
  %to_ui8 = stablehlo.convert %operand : (tensor<4xui16>) -> tensor<4xui8>
  check.expect_eq_const %to_ui8, dense<[0, 1, 2, 3]> : tensor<4xui8>
  %to_ui16 = stablehlo.convert %operand : (tensor<4xui16>) -> tensor<4xui16>
  check.expect_eq_const %to_ui16, dense<[0, 1, 2, 3]> : tensor<4xui16>
  %to_ui32 = stablehlo.convert %operand : (tensor<4xui16>) -> tensor<4xui32>
  check.expect_eq_const %to_ui32, dense<[0, 1, 2, 3]> : tensor<4xui32>
  %to_ui64 = stablehlo.convert %operand : (tensor<4xui16>) -> tensor<4xui64>
  check.expect_eq_const %to_ui64, dense<[0, 1, 2, 3]> : tensor<4xui64>
  %to_f32 = stablehlo.convert %operand : (tensor<4xui16>) -> tensor<4xf32>
  check.expect_eq_const %to_f32, dense<[0.0, 1.0, 2.0, 3.0]> : tensor<4xf32>
  %to_f64 = stablehlo.convert %operand : (tensor<4xui16>) -> tensor<4xf64>
  check.expect_eq_const %to_f64, dense<[0.0, 1.0, 2.0, 3.0]> : tensor<4xf64>
  func.return
}

// -----

func.func @convert_from_ui32() {
  %operand = stablehlo.constant dense<[0, 1, 2, 3]> : tensor<4xui32>
  %to_i1 = stablehlo.convert %operand : (tensor<4xui32>) -> tensor<4xi1>
  check.expect_eq_const %to_i1, dense<[false, true, true, true]> : tensor<4xi1>
  %to_i8 = stablehlo.convert %operand : (tensor<4xui32>) -> tensor<4xi8>
  check.expect_eq_const %to_i8, dense<[0, 1, 2, 3]> : tensor<4xi8>
  %to_i16 = stablehlo.convert %operand : (tensor<4xui32>) -> tensor<4xi16>
  check.expect_eq_const %to_i16, dense<[0, 1, 2, 3]> : tensor<4xi16>
  %to_i32 = stablehlo.convert %operand : (tensor<4xui32>) -> tensor<4xi32>
  check.expect_eq_const %to_i32, dense<[0, 1, 2, 3]> : tensor<4xi32>
  %to_i64 = stablehlo.convert %operand : (tensor<4xui32>) -> tensor<4xi64>
  check.expect_eq_const %to_i64, dense<[0, 1, 2, 3]> : tensor<4xi64>
  %to_ui8 = stablehlo.convert %operand : (tensor<4xui32>) -> tensor<4xui8>
  check.expect_eq_const %to_ui8, dense<[0, 1, 2, 3]> : tensor<4xui8>
  %to_ui16 = stablehlo.convert %operand : (tensor<4xui32>) -> tensor<4xui16>
  check.expect_eq_const %to_ui16, dense<[0, 1, 2, 3]> : tensor<4xui16>
  %to_ui32 = stablehlo.convert %operand : (tensor<4xui32>) -> tensor<4xui32>
  check.expect_eq_const %to_ui32, dense<[0, 1, 2, 3]> : tensor<4xui32>
  %to_ui64 = stablehlo.convert %operand : (tensor<4xui32>) -> tensor<4xui64>
  check.expect_eq_const %to_ui64, dense<[0, 1, 2, 3]> : tensor<4xui64>
  %to_f32 = stablehlo.convert %operand : (tensor<4xui32>) -> tensor<4xf32>
  check.expect_eq_const %to_f32, dense<[0.0, 1.0, 2.0, 3.0]> : tensor<4xf32>
  %to_f64 = stablehlo.convert %operand : (tensor<4xui32>) -> tensor<4xf64>
  check.expect_eq_const %to_f64, dense<[0.0, 1.0, 2.0, 3.0]> : tensor<4xf64>
  func.return
}

// -----

func.func @convert_from_ui64() {
  %operand = stablehlo.constant dense<[0, 1, 2, 3]> : tensor<4xui64>
  %to_i1 = stablehlo.convert %operand : (tensor<4xui64>) -> tensor<4xi1>
  check.expect_eq_const %to_i1, dense<[false, true, true, true]> : tensor<4xi1>
  %to_i8 = stablehlo.convert %operand : (tensor<4xui64>) -> tensor<4xi8>
  check.expect_eq_const %to_i8, dense<[0, 1, 2, 3]> : tensor<4xi8>
  %to_i16 = stablehlo.convert %operand : (tensor<4xui64>) -> tensor<4xi16>
  check.expect_eq_const %to_i16, dense<[0, 1, 2, 3]> : tensor<4xi16>
  %to_i32 = stablehlo.convert %operand : (tensor<4xui64>) -> tensor<4xi32>
  check.expect_eq_const %to_i32, dense<[0, 1, 2, 3]> : tensor<4xi32>
  %to_i64 = stablehlo.convert %operand : (tensor<4xui64>) -> tensor<4xi64>
  check.expect_eq_const %to_i64, dense<[0, 1, 2, 3]> : tensor<4xi64>
  %to_ui8 = stablehlo.convert %operand : (tensor<4xui64>) -> tensor<4xui8>
  check.expect_eq_const %to_ui8, dense<[0, 1, 2, 3]> : tensor<4xui8>
  %to_ui16 = stablehlo.convert %operand : (tensor<4xui64>) -> tensor<4xui16>
  check.expect_eq_const %to_ui16, dense<[0, 1, 2, 3]> : tensor<4xui16>
  %to_ui32 = stablehlo.convert %operand : (tensor<4xui64>) -> tensor<4xui32>
  check.expect_eq_const %to_ui32, dense<[0, 1, 2, 3]> : tensor<4xui32>
  %to_ui64 = stablehlo.convert %operand : (tensor<4xui64>) -> tensor<4xui64>
  check.expect_eq_const %to_ui64, dense<[0, 1, 2, 3]> : tensor<4xui64>
  %to_f32 = stablehlo.convert %operand : (tensor<4xui64>) -> tensor<4xf32>
  check.expect_eq_const %to_f32, dense<[0.0, 1.0, 2.0, 3.0]> : tensor<4xf32>
  %to_f64 = stablehlo.convert %operand : (tensor<4xui64>) -> tensor<4xf64>
  check.expect_eq_const %to_f64, dense<[0.0, 1.0, 2.0, 3.0]> : tensor<4xf64>
  func.return
}

// -----

func.func @convert_from_f32() {
  %operand = stablehlo.constant dense<[0.0, 1.0, 2.75, 3.5]> : tensor<4xf32>
  %to_i1 = stablehlo.convert %operand : (tensor<4xf32>) -> tensor<4xi1>
  check.expect_eq_const %to_i1, dense<[false, true, true, true]> : tensor<4xi1>
  %to_i8 = stablehlo.convert %operand : (tensor<4xf32>) -> tensor<4xi8>
  check.expect_eq_const %to_i8, dense<[0, 1, 2, 3]> : tensor<4xi8>
  %to_i16 = stablehlo.convert %operand : (tensor<4xf32>) -> tensor<4xi16>
  check.expect_eq_const %to_i16, dense<[0, 1, 2, 3]> : tensor<4xi16>
  %to_i32 = stablehlo.convert %operand : (tensor<4xf32>) -> tensor<4xi32>
  check.expect_eq_const %to_i32, dense<[0, 1, 2, 3]> : tensor<4xi32>
  %to_i64 = stablehlo.convert %operand : (tensor<4xf32>) -> tensor<4xi64>
  check.expect_eq_const %to_i64, dense<[0, 1, 2, 3]> : tensor<4xi64>
  %to_ui8 = stablehlo.convert %operand : (tensor<4xf32>) -> tensor<4xui8>
  check.expect_eq_const %to_ui8, dense<[0, 1, 2, 3]> : tensor<4xui8>
  %to_ui16 = stablehlo.convert %operand : (tensor<4xf32>) -> tensor<4xui16>
  check.expect_eq_const %to_ui16, dense<[0, 1, 2, 3]> : tensor<4xui16>
  %to_ui32 = stablehlo.convert %operand : (tensor<4xf32>) -> tensor<4xui32>
  check.expect_eq_const %to_ui32, dense<[0, 1, 2, 3]> : tensor<4xui32>
  %to_ui64 = stablehlo.convert %operand : (tensor<4xf32>) -> tensor<4xui64>
  check.expect_eq_const %to_ui64, dense<[0, 1, 2, 3]> : tensor<4xui64>
  %to_f32 = stablehlo.convert %operand : (tensor<4xf32>) -> tensor<4xf32>
  check.expect_eq_const %to_f32, dense<[0.0, 1.0, 2.75, 3.5]> : tensor<4xf32>
  %to_f64 = stablehlo.convert %operand : (tensor<4xf32>) -> tensor<4xf64>
  check.expect_eq_const %to_f64, dense<[0.0, 1.0, 2.75, 3.5]> : tensor<4xf64>
  func.return
}

// -----

func.func @convert_from_f64() {
  %operand = stablehlo.constant dense<[0.0, 1.0, 2.75, 3.5]> : tensor<4xf64>
  %to_i1 = stablehlo.convert %operand : (tensor<4xf64>) -> tensor<4xi1>
  check.expect_eq_const %to_i1, dense<[false, true, true, true]> : tensor<4xi1>
  %to_i8 = stablehlo.convert %operand : (tensor<4xf64>) -> tensor<4xi8>
  check.expect_eq_const %to_i8, dense<[0, 1, 2, 3]> : tensor<4xi8>
  %to_i16 = stablehlo.convert %operand : (tensor<4xf64>) -> tensor<4xi16>
  check.expect_eq_const %to_i16, dense<[0, 1, 2, 3]> : tensor<4xi16>
  %to_i32 = stablehlo.convert %operand : (tensor<4xf64>) -> tensor<4xi32>
  check.expect_eq_const %to_i32, dense<[0, 1, 2, 3]> : tensor<4xi32>
  %to_i64 = stablehlo.convert %operand : (tensor<4xf64>) -> tensor<4xi64>
  check.expect_eq_const %to_i64, dense<[0, 1, 2, 3]> : tensor<4xi64>
  %to_ui8 = stablehlo.convert %operand : (tensor<4xf64>) -> tensor<4xui8>
  check.expect_eq_const %to_ui8, dense<[0, 1, 2, 3]> : tensor<4xui8>
  %to_ui16 = stablehlo.convert %operand : (tensor<4xf64>) -> tensor<4xui16>
  check.expect_eq_const %to_ui16, dense<[0, 1, 2, 3]> : tensor<4xui16>
  %to_ui32 = stablehlo.convert %operand : (tensor<4xf64>) -> tensor<4xui32>
  check.expect_eq_const %to_ui32, dense<[0, 1, 2, 3]> : tensor<4xui32>
  %to_ui64 = stablehlo.convert %operand : (tensor<4xf64>) -> tensor<4xui64>
  check.expect_eq_const %to_ui64, dense<[0, 1, 2, 3]> : tensor<4xui64>
  %to_f32 = stablehlo.convert %operand : (tensor<4xf64>) -> tensor<4xf32>
  check.expect_eq_const %to_f32, dense<[0.0, 1.0, 2.75, 3.5]> : tensor<4xf32>
  %to_f64 = stablehlo.convert %operand : (tensor<4xf64>) -> tensor<4xf64>
  check.expect_eq_const %to_f64, dense<[0.0, 1.0, 2.75, 3.5]> : tensor<4xf64>
  func.return
}

// -----

func.func @convert_negative() {
  %f = stablehlo.constant dense<[-2.75, -0.5, 100.25]> : tensor<3xf64>
  %i = stablehlo.constant dense<[-300, -1, 7]> : tensor<3xi16>
  %f_to_i8 = stablehlo.convert %f : (tensor<3xf64>) -> tensor<3xi8>
  check.expect_eq_const %f_to_i8, dense<[-2, 0, 100]> : tensor<3xi8>
  %i_to_i64 = stablehlo.convert %i : (tensor<3xi16>) -> tensor<3xi64>
  check.expect_eq_const %i_to_i64, dense<[-300, -1, 7]> : tensor<3xi64>
  %i_to_f32 = stablehlo.convert %i : (tensor<3xi16>) -> tensor<3xf32>
  check.expect_eq_const %i_to_f32, dense<[-300.0, -1.0, 7.0]> : tensor<3xf32>
  %i_to_i1 = stablehlo.convert %i : (tensor<3xi16>) -> tensor<3xi1>
  check.expect_eq_const %i_to_i1, dense<true> : tensor<3xi1>
  func.return
}

// -----

func.func @convert_f64_to_f32_rounds() {
  %x = stablehlo.constant dense<[0.1, 16777217.0]> : tensor<2xf64>
  %r = stablehlo.convert %x : (tensor<2xf64>) -> tensor<2xf32>
  check.expect_eq_const %r, dense<[0.10000000149011612, 16777216.0]> : tensor<2xf32>
  %back = stablehlo.convert %r : (tensor<2xf32>) -> tensor<2xf64>
  check.expect_eq_const %back, dense<[0.10000000149011612, 16777216.0]> : tensor<2xf64>
  func.return
}

// -----

func.func @convert_large_unsigned() {
  %x = stablehlo.constant dense<[18446744073709551615, 4294967296]> : tensor<2xui64>
  %r = stablehlo.convert %x : (tensor<2xui64>) -> tensor<2xf64>
  check.expect_eq_const %r, dense<[1.8446744073709552e+19, 4294967296.0]> : tensor<2xf64>
  %w = stablehlo.convert %x : (tensor<2xui64>) -> tensor<2xi1>
  check.expect_eq_const %w, dense<true> : tensor<2xi1>
  func.return
}
