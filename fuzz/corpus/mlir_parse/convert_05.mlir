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
