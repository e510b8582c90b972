// Hand-written texts of each op in the pretty and the generic form: both must parse to the same
// IR (compared through the printer), and the printed text must round-trip.

#include <gtest/gtest.h>

#include "mlir/Parser.h"
#include "mlir/Printer.h"
#include "support/Error.h"

namespace hlotrain::mlir {
namespace {

struct Case {
  const char* name;
  const char* signature; // `(%arg0: ...) -> ...`
  const char* pretty;    // body ops, return included
  const char* generic;
};

std::string moduleText(const char* signature, const char* body) {
  return std::string("module {\n  func.func public @main") + signature + " {\n" + body +
         "\n  }\n}\n";
}

const Case kCases[] = {
    {"constant", "() -> tensor<2xi32>",
     "%c = stablehlo.constant dense<[1, -2]> : tensor<2xi32>\nreturn %c : tensor<2xi32>",
     "%0 = \"stablehlo.constant\"() <{value = dense<[1, -2]> : tensor<2xi32>}> : () -> "
     "tensor<2xi32>\n\"func.return\"(%0) : (tensor<2xi32>) -> ()"},
    {"iota", "() -> tensor<2x3xui32>",
     "%0 = stablehlo.iota dim = 1 : tensor<2x3xui32>\nreturn %0 : tensor<2x3xui32>",
     "%0 = \"stablehlo.iota\"() {iota_dimension = 1 : i64} : () -> tensor<2x3xui32>\n"
     "\"func.return\"(%0) : (tensor<2x3xui32>) -> ()"},
    {"add", "(%arg0: tensor<2xf64>, %arg1: tensor<2xf64>) -> tensor<2xf64>",
     "%0 = stablehlo.add %arg0, %arg1 : tensor<2xf64>\nreturn %0 : tensor<2xf64>",
     "%0 = \"stablehlo.add\"(%arg0, %arg1) : (tensor<2xf64>, tensor<2xf64>) -> tensor<2xf64>\n"
     "\"func.return\"(%0) : (tensor<2xf64>) -> ()"},
    {"add functional type", "(%arg0: tensor<2xi8>, %arg1: tensor<2xi8>) -> tensor<2xi8>",
     "%0 = stablehlo.add %arg0, %arg1 : (tensor<2xi8>, tensor<2xi8>) -> tensor<2xi8>\n"
     "return %0 : tensor<2xi8>",
     "%0 = \"stablehlo.add\"(%arg0, %arg1) : (tensor<2xi8>, tensor<2xi8>) -> tensor<2xi8>\n"
     "\"func.return\"(%0) : (tensor<2xi8>) -> ()"},
    {"compare", "(%arg0: tensor<2xf32>, %arg1: tensor<2xf32>) -> tensor<2xi1>",
     "%0 = stablehlo.compare GT, %arg0, %arg1, FLOAT : (tensor<2xf32>, tensor<2xf32>) -> "
     "tensor<2xi1>\nreturn %0 : tensor<2xi1>",
     "%0 = \"stablehlo.compare\"(%arg0, %arg1) <{compare_type = #stablehlo<comparison_type "
     "FLOAT>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<2xf32>, "
     "tensor<2xf32>) -> tensor<2xi1>\n\"func.return\"(%0) : (tensor<2xi1>) -> ()"},
    {"compare without type", "(%arg0: tensor<i32>, %arg1: tensor<i32>) -> tensor<i1>",
     "%0 = stablehlo.compare  NE, %arg0, %arg1 : (tensor<i32>, tensor<i32>) -> tensor<i1>\n"
     "return %0 : tensor<i1>",
     "%0 = \"stablehlo.compare\"(%arg0, %arg1) {comparison_direction = "
     "#stablehlo<comparison_direction NE>} : (tensor<i32>, tensor<i32>) -> tensor<i1>\n"
     "\"func.return\"(%0) : (tensor<i1>) -> ()"},
    {"select", "(%p: tensor<i1>, %a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32>",
     "%0 = stablehlo.select %p, %a, %b : tensor<i1>, tensor<3xf32>\nreturn %0 : tensor<3xf32>",
     "%0 = \"stablehlo.select\"(%p, %a, %b) : (tensor<i1>, tensor<3xf32>, tensor<3xf32>) -> "
     "tensor<3xf32>\n\"func.return\"(%0) : (tensor<3xf32>) -> ()"},
    {"clamp", "(%lo: tensor<f32>, %x: tensor<3xf32>, %hi: tensor<f32>) -> tensor<3xf32>",
     "%0 = stablehlo.clamp %lo, %x, %hi : (tensor<f32>, tensor<3xf32>, tensor<f32>) -> "
     "tensor<3xf32>\nreturn %0 : tensor<3xf32>",
     "%0 = \"stablehlo.clamp\"(%lo, %x, %hi) : (tensor<f32>, tensor<3xf32>, tensor<f32>) -> "
     "tensor<3xf32>\n\"func.return\"(%0) : (tensor<3xf32>) -> ()"},
    {"convert", "(%arg0: tensor<3xi16>) -> tensor<3xf32>",
     "%0 = stablehlo.convert %arg0 : (tensor<3xi16>) -> tensor<3xf32>\nreturn %0 : "
     "tensor<3xf32>",
     "%0 = \"stablehlo.convert\"(%arg0) : (tensor<3xi16>) -> tensor<3xf32>\n"
     "\"func.return\"(%0) : (tensor<3xf32>) -> ()"},
    {"broadcast_in_dim", "(%arg0: tensor<3xf32>) -> tensor<2x3xf32>",
     "%0 = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>\n"
     "return %0 : tensor<2x3xf32>",
     "%0 = \"stablehlo.broadcast_in_dim\"(%arg0) {broadcast_dimensions = dense<1> : "
     "tensor<1xi64>} : (tensor<3xf32>) -> tensor<2x3xf32>\n\"func.return\"(%0) : "
     "(tensor<2x3xf32>) -> ()"},
    {"reshape", "(%arg0: tensor<2x3xf32>) -> tensor<6xf32>",
     "%0 = stablehlo.reshape %arg0 : (tensor<2x3xf32>) -> tensor<6xf32>\nreturn %0 : "
     "tensor<6xf32>",
     "%0 = \"stablehlo.reshape\"(%arg0) : (tensor<2x3xf32>) -> tensor<6xf32>\n"
     "\"func.return\"(%0) : (tensor<6xf32>) -> ()"},
    {"transpose", "(%arg0: tensor<2x3xf32>) -> tensor<3x2xf32>",
     "%0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>\n"
     "return %0 : tensor<3x2xf32>",
     "%0 = \"stablehlo.transpose\"(%arg0) <{permutation = array<i64: 1, 0>}> : "
     "(tensor<2x3xf32>) -> tensor<3x2xf32>\n\"func.return\"(%0) : (tensor<3x2xf32>) -> ()"},
    {"slice", "(%arg0: tensor<4x8xf32>) -> tensor<2x4xf32>",
     "%0 = stablehlo.slice %arg0 [1:3, 0:8:2] : (tensor<4x8xf32>) -> tensor<2x4xf32>\n"
     "return %0 : tensor<2x4xf32>",
     "%0 = \"stablehlo.slice\"(%arg0) <{limit_indices = array<i64: 3, 8>, start_indices = "
     "array<i64: 1, 0>, strides = array<i64: 1, 2>}> : (tensor<4x8xf32>) -> tensor<2x4xf32>\n"
     "\"func.return\"(%0) : (tensor<2x4xf32>) -> ()"},
    {"dynamic_slice",
     "(%arg0: tensor<4x8xf32>, %i: tensor<i64>, %j: tensor<i64>) -> "
     "tensor<2x3xf32>",
     "%0 = stablehlo.dynamic_slice %arg0, %i, %j, sizes = [2, 3] : (tensor<4x8xf32>, "
     "tensor<i64>, tensor<i64>) -> tensor<2x3xf32>\nreturn %0 : tensor<2x3xf32>",
     "%0 = \"stablehlo.dynamic_slice\"(%arg0, %i, %j) <{slice_sizes = array<i64: 2, 3>}> : "
     "(tensor<4x8xf32>, tensor<i64>, tensor<i64>) -> tensor<2x3xf32>\n\"func.return\"(%0) : "
     "(tensor<2x3xf32>) -> ()"},
    {"concatenate", "(%a: tensor<2x3xf32>, %b: tensor<2x1xf32>) -> tensor<2x4xf32>",
     "%0 = stablehlo.concatenate %a, %b, dim = 1 : (tensor<2x3xf32>, tensor<2x1xf32>) -> "
     "tensor<2x4xf32>\nreturn %0 : tensor<2x4xf32>",
     "%0 = \"stablehlo.concatenate\"(%a, %b) <{dimension = 1 : i64}> : (tensor<2x3xf32>, "
     "tensor<2x1xf32>) -> tensor<2x4xf32>\n\"func.return\"(%0) : (tensor<2x4xf32>) -> ()"},
    {"pad", "(%x: tensor<2x3xi32>, %v: tensor<i32>) -> tensor<5x9xi32>",
     "%0 = stablehlo.pad %x, %v, low = [0, 1], high = [2, 1], interior = [1, 2] : "
     "(tensor<2x3xi32>, tensor<i32>) -> tensor<5x9xi32>\nreturn %0 : tensor<5x9xi32>",
     "%0 = \"stablehlo.pad\"(%x, %v) <{edge_padding_high = array<i64: 2, 1>, edge_padding_low "
     "= array<i64: 0, 1>, interior_padding = array<i64: 1, 2>}> : (tensor<2x3xi32>, "
     "tensor<i32>) -> tensor<5x9xi32>\n\"func.return\"(%0) : (tensor<5x9xi32>) -> ()"},
    {"reverse", "(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32>",
     "%0 = stablehlo.reverse %arg0, dims = [1] : tensor<2x3xf32>\nreturn %0 : tensor<2x3xf32>",
     "%0 = \"stablehlo.reverse\"(%arg0) <{dimensions = array<i64: 1>}> : (tensor<2x3xf32>) -> "
     "tensor<2x3xf32>\n\"func.return\"(%0) : (tensor<2x3xf32>) -> ()"},
    {"dot_general", "(%a: tensor<4x2x3xf32>, %b: tensor<4x3x5xf32>) -> tensor<4x2x5xf32>",
     "%0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x "
     "[1], precision = [DEFAULT, DEFAULT] : (tensor<4x2x3xf32>, tensor<4x3x5xf32>) -> "
     "tensor<4x2x5xf32>\nreturn %0 : tensor<4x2x5xf32>",
     "%0 = \"stablehlo.dot_general\"(%a, %b) <{dot_dimension_numbers = "
     "#stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], "
     "lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = "
     "[#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x2x3xf32>, "
     "tensor<4x3x5xf32>) -> tensor<4x2x5xf32>\n\"func.return\"(%0) : (tensor<4x2x5xf32>) -> "
     "()"},
    {"convolution", "(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32>",
     "%0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], "
     "window = {stride = [2, 2], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, "
     "1], reverse = [0, 0]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, "
     "precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : "
     "(tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32>\nreturn %0 : "
     "tensor<1x4x4x4xf32>",
     "%0 = \"stablehlo.convolution\"(%x, %w) <{batch_group_count = 1 : i64, dimension_numbers "
     "= #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, "
     "input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, "
     "kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], "
     "output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, "
     "2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<1> : "
     "tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, "
     "false>, window_strides = array<i64: 2, 2>}> : (tensor<1x8x8x3xf32>, "
     "tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32>\n\"func.return\"(%0) : (tensor<1x4x4x4xf32>) "
     "-> ()"},
    {"reduce compact", "(%x: tensor<2x3xf32>, %z: tensor<f32>) -> tensor<2xf32>",
     "%0 = stablehlo.reduce(%x init: %z) applies stablehlo.maximum across dimensions = [1] : "
     "(tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>\nreturn %0 : tensor<2xf32>",
     "%0 = \"stablehlo.reduce\"(%x, %z) <{dimensions = array<i64: 1>}> ({\n"
     "^bb0(%a: tensor<f32> loc(\"a\"), %b: tensor<f32>):\n"
     "  %1 = \"stablehlo.maximum\"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>\n"
     "  \"stablehlo.return\"(%1) : (tensor<f32>) -> ()\n"
     "}) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>\n\"func.return\"(%0) : "
     "(tensor<2xf32>) -> ()"},
    {"reduce variadic",
     "(%x: tensor<4xf32>, %i: tensor<4xi32>, %z: tensor<f32>, %n: "
     "tensor<i32>) -> (tensor<f32>, tensor<i32>)",
     "%r0, %r1 = stablehlo.reduce(%x init: %z), (%i init: %n) across dimensions = [0] : "
     "(tensor<4xf32>, tensor<4xi32>, tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>)\n"
     " reducer (%a : tensor<f32>, %c : tensor<f32>) (%b: tensor<i32>, %d: tensor<i32>) {\n"
     "  %p = stablehlo.compare  GE, %a, %c,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>\n"
     "  %v = stablehlo.select %p, %a, %c : tensor<i1>, tensor<f32>\n"
     "  %w = stablehlo.select %p, %b, %d : tensor<i1>, tensor<i32>\n"
     "  stablehlo.return %v, %w : tensor<f32>, tensor<i32>\n"
     "}\nreturn %r0, %r1 : tensor<f32>, tensor<i32>",
     "%0:2 = \"stablehlo.reduce\"(%x, %i, %z, %n) <{dimensions = array<i64: 0>}> ({\n"
     "^bb0(%a: tensor<f32>, %b: tensor<i32>, %c: tensor<f32>, %d: tensor<i32>):\n"
     "  %p = \"stablehlo.compare\"(%a, %c) <{comparison_direction = "
     "#stablehlo<comparison_direction GE>, compare_type = #stablehlo<comparison_type FLOAT>}> : "
     "(tensor<f32>, tensor<f32>) -> tensor<i1>\n"
     "  %v = \"stablehlo.select\"(%p, %a, %c) : (tensor<i1>, tensor<f32>, tensor<f32>) -> "
     "tensor<f32>\n"
     "  %w = \"stablehlo.select\"(%p, %b, %d) : (tensor<i1>, tensor<i32>, tensor<i32>) -> "
     "tensor<i32>\n"
     "  \"stablehlo.return\"(%v, %w) : (tensor<f32>, tensor<i32>) -> ()\n"
     "}) : (tensor<4xf32>, tensor<4xi32>, tensor<f32>, tensor<i32>) -> (tensor<f32>, "
     "tensor<i32>)\n\"func.return\"(%0#0, %0#1) : (tensor<f32>, tensor<i32>) -> ()"},
    {"reduce_window", "(%x: tensor<4x4xf32>, %z: tensor<f32>) -> tensor<2x2xf32>",
     "%0 = \"stablehlo.reduce_window\"(%x, %z) <{padding = dense<[[0, 0], [0, 0]]> : "
     "tensor<2x2xi64>, window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, "
     "2>}> ({\n^bb0(%a: tensor<f32>, %b: tensor<f32>):\n  %1 = stablehlo.add %a, %b : "
     "tensor<f32>\n  stablehlo.return %1 : tensor<f32>\n}) : (tensor<4x4xf32>, tensor<f32>) "
     "-> tensor<2x2xf32>\nreturn %0 : tensor<2x2xf32>",
     "%0 = \"stablehlo.reduce_window\"(%x, %z) ({\n^bb0(%a: tensor<f32>, %b: "
     "tensor<f32>):\n  %1 = \"stablehlo.add\"(%a, %b) : (tensor<f32>, tensor<f32>) -> "
     "tensor<f32>\n  \"stablehlo.return\"(%1) : (tensor<f32>) -> ()\n}) {base_dilations = "
     "dense<1> : tensor<2xi64>, window_dilations = dense<1> : tensor<2xi64>, window_dimensions = "
     "dense<2> : tensor<2xi64>, window_strides = dense<2> : tensor<2xi64>} : (tensor<4x4xf32>, "
     "tensor<f32>) -> tensor<2x2xf32>\n\"func.return\"(%0) : (tensor<2x2xf32>) -> ()"},
    {"select_and_scatter",
     "(%x: tensor<4x4xf32>, %s: tensor<2x2xf32>, %z: tensor<f32>) -> "
     "tensor<4x4xf32>",
     "%0 = \"stablehlo.select_and_scatter\"(%x, %s, %z) <{window_dimensions = array<i64: 2, "
     "2>, window_strides = array<i64: 2, 2>}> ({\n^bb0(%a: tensor<f32>, %b: tensor<f32>):\n"
     "  %1 = stablehlo.compare  GE, %a, %b,  FLOAT : (tensor<f32>, tensor<f32>) -> "
     "tensor<i1>\n  stablehlo.return %1 : tensor<i1>\n}, {\n^bb0(%a: tensor<f32>, %b: "
     "tensor<f32>):\n  %1 = stablehlo.add %a, %b : tensor<f32>\n  stablehlo.return %1 : "
     "tensor<f32>\n}) : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>\n"
     "return %0 : tensor<4x4xf32>",
     "%0 = \"stablehlo.select_and_scatter\"(%x, %s, %z) <{padding = dense<0> : "
     "tensor<2x2xi64>, window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, "
     "2>}> ({\n^bb0(%a: tensor<f32>, %b: tensor<f32>):\n  %1 = \"stablehlo.compare\"(%a, %b) "
     "<{comparison_direction = #stablehlo<comparison_direction GE>, compare_type = "
     "#stablehlo<comparison_type FLOAT>}> : (tensor<f32>, tensor<f32>) -> tensor<i1>\n  "
     "\"stablehlo.return\"(%1) : (tensor<i1>) -> ()\n}, {\n^bb0(%a: tensor<f32>, %b: "
     "tensor<f32>):\n  %1 = \"stablehlo.add\"(%a, %b) : (tensor<f32>, tensor<f32>) -> "
     "tensor<f32>\n  \"stablehlo.return\"(%1) : (tensor<f32>) -> ()\n}) : (tensor<4x4xf32>, "
     "tensor<2x2xf32>, tensor<f32>) -> tensor<4x4xf32>\n\"func.return\"(%0) : "
     "(tensor<4x4xf32>) -> ()"},
    {"checks", "(%a: tensor<2xf32>, %b: tensor<2xf32>)",
     "check.expect_eq %a, %b : tensor<2xf32>\n"
     "check.expect_eq_const %a, dense<[1.0, 2.0]> : tensor<2xf32>\n"
     "check.expect_almost_eq %a, %b, tolerance = 1.0e-3 : f64 : tensor<2xf32>\n"
     "check.expect_almost_eq_const %a, dense<1.0> : tensor<2xf32>, tolerance = 0.5\n"
     "check.expect_close %a, %b, max_ulp_difference = 3, min_ulp_difference = 1 : "
     "tensor<2xf32>, tensor<2xf32>\n"
     "stablehlo.custom_call @check.expect_almost_eq(%a, %b) {has_side_effect = true} : "
     "(tensor<2xf32>, tensor<2xf32>) -> ()\nreturn",
     "\"check.expect_eq\"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> ()\n"
     "\"check.expect_eq_const\"(%a) {value = dense<[1.0, 2.0]> : tensor<2xf32>} : "
     "(tensor<2xf32>) -> ()\n"
     "\"check.expect_almost_eq\"(%a, %b) {tolerance = 1.000000e-03 : f64} : (tensor<2xf32>, "
     "tensor<2xf32>) -> ()\n"
     "\"check.expect_almost_eq_const\"(%a) {tolerance = 5.000000e-01 : f64, value = "
     "dense<1.000000e+00> : tensor<2xf32>} : (tensor<2xf32>) -> ()\n"
     "\"check.expect_close\"(%a, %b) {max_ulp_difference = 3 : ui64, min_ulp_difference = 1 : "
     "ui64} : (tensor<2xf32>, tensor<2xf32>) -> ()\n"
     "\"stablehlo.custom_call\"(%a, %b) <{call_target_name = \"check.expect_almost_eq\", "
     "has_side_effect = true}> : (tensor<2xf32>, tensor<2xf32>) -> ()\n"
     "\"func.return\"() : () -> ()"},
};

class ParseForms : public ::testing::TestWithParam<Case> {};

TEST_P(ParseForms, PrettyAndGenericAgree) {
  const Case& c = GetParam();
  std::string pretty = print(parse(moduleText(c.signature, c.pretty), "pretty.mlir"));
  std::string generic = print(parse(moduleText(c.signature, c.generic), "generic.mlir"));
  EXPECT_EQ(pretty, generic);
  EXPECT_EQ(print(parse(pretty)), pretty);
}

INSTANTIATE_TEST_SUITE_P(Ops, ParseForms, ::testing::ValuesIn(kCases), [](const auto& info) {
  std::string name = info.param.name;
  for (char& ch : name)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return name;
});

TEST(ParseForms, GenericModuleAndFunctions) {
  const char* text = R"("builtin.module"() <{sym_name = "jit_main"}> ({
  "func.func"() <{arg_attrs = [{mhlo.layout_mode = "default"}, {}], function_type = (tensor<f32>, tensor<f32>) -> tensor<f32>, res_attrs = [{jax.result_info = ""}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<f32> loc("x"), %arg1: tensor<f32>):
    %0 = "func.call"(%arg0, %arg1) <{callee = @helper}> : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "func.return"(%0) : (tensor<f32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<f32>, tensor<f32>) -> tensor<f32>, sym_name = "helper", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<f32>, %arg1: tensor<f32>):
    %0 = "stablehlo.subtract"(%arg0, %arg1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "func.return"(%0) : (tensor<f32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32} : () -> ()
#loc = loc(unknown)
)";
  EXPECT_EQ(print(parse(text)),
            "module @jit_main attributes {mhlo.num_partitions = 1 : i32} {\n"
            "  func.func public @main(%arg0: tensor<f32> {mhlo.layout_mode = \"default\"}, "
            "%arg1: tensor<f32>) -> (tensor<f32> {jax.result_info = \"\"}) {\n"
            "    %0 = call @helper(%arg0, %arg1) : (tensor<f32>, tensor<f32>) -> tensor<f32>\n"
            "    return %0 : tensor<f32>\n  }\n"
            "  func.func private @helper(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {\n"
            "    %0 = stablehlo.subtract %arg0, %arg1 : tensor<f32>\n"
            "    return %0 : tensor<f32>\n  }\n}\n");
}

TEST(ParseForms, BareFunctionsLocationsAndComments) {
  const char* text = R"(// a comment
func.func @main(%x: tensor<3xf32> loc(#loc1)) -> tensor<3xf32> {
  %0 = stablehlo.negate %x : tensor<3xf32> loc(#loc2)  // trailing comment
  func.return %0 : tensor<3xf32> loc(#loc3)
} loc(#loc)
#loc = loc("f.py":1:1)
#loc1 = loc("f.py":2:3)
)";
  ir::Module m = parse(text);
  EXPECT_TRUE(m.name.empty());
  ASSERT_EQ(m.functions.size(), 1u);
  EXPECT_TRUE(m.functions[0]->isPublic);
  EXPECT_EQ(m.functions[0]->body.ops.size(), 1u);
}

TEST(ParseForms, SpacingAndAttributeVariants) {
  const char* text = R"(func.func @main() {
  %a = stablehlo.constant dense<5.0> : tensor<f64>
  %b = stablehlo.constant dense<5.0001> : tensor<f64>
  check.expect_almost_eq%a, %b : tensor<f64>
  check.expect_almost_eq_const %a, dense<5.1> : tensor<f64> {tolerance = 0.25 : f64}
  func.return
}
)";
  ir::Module m = parse(text);
  const auto& ops = m.functions[0]->body.ops;
  ASSERT_EQ(ops.size(), 4u);
  EXPECT_EQ(ops[2]->kind, ir::OpKind::check_expect_almost_eq);
  EXPECT_EQ(ops[3]->attrs.tolerance, 0.25);
}

// The older StableHLO testdata's check: floats within 1e-4, integers exactly, and an i1 result
// that is true whenever the run goes on (a failed check fails the run), so a constant.
TEST(ParseForms, CheckEqCustomCallWithResult) {
  const char* text = R"(func.func public @main(%a: tensor<2xbf16>, %i: tensor<i32>) -> tensor<i1> {
  %0 = stablehlo.custom_call @check.eq(%a, %a) : (tensor<2xbf16>, tensor<2xbf16>) -> tensor<i1>
  %1 = stablehlo.custom_call @check.eq(%i, %i) : (tensor<i32>, tensor<i32>) -> tensor<i1>
  return %1 : tensor<i1>
}
)";
  ir::Module m = parse(text);
  const auto& ops = m.functions[0]->body.ops;
  ASSERT_EQ(ops.size(), 4u);
  EXPECT_EQ(ops[0]->kind, ir::OpKind::check_expect_almost_eq);
  EXPECT_EQ(ops[0]->attrs.tolerance, 1e-4);
  EXPECT_EQ(ops[1]->kind, ir::OpKind::constant);
  EXPECT_EQ(ops[2]->kind, ir::OpKind::check_expect_eq);
  EXPECT_EQ(ops[3]->kind, ir::OpKind::constant);
  EXPECT_EQ(ops[3]->attrs.value, ir::Tensor::scalar<bool>(true));
  EXPECT_THROW(parse("func.func @main(%a: tensor<f32>) {\n  %0 = stablehlo.custom_call "
                     "@check.eq(%a, %a) : (tensor<f32>, tensor<f32>) -> tensor<f32>\n  return\n}"),
               ParseError);
}

TEST(ParseForms, QuotedSymbols) {
  const char* text = R"(module @"jit-odd name" {
  func.func public @"main-1"() {
    call @"f\"x"() : () -> ()
    return
  }
  func.func private @"f\"x"() {
    return
  }
}
)";
  ir::Module m = parse(text);
  EXPECT_EQ(m.name, "jit-odd name");
  EXPECT_EQ(m.functions[1]->name, "f\"x");
  std::string printed = print(m);
  EXPECT_EQ(printed, text);
}

TEST(ParseForms, ByteOrderMark) {
  EXPECT_EQ(parse("\xEF\xBB\xBF"
                  "func.func @main() {\n  return\n}\n")
                .functions.size(),
            1u);
}

TEST(ParseForms, SplitFiles) {
  const char* text = "// header only\n// -----\nfunc.func @a() {\n  return\n}\n"
                     "  // -----  \nmodule @b {\n  func.func @main() {\n    return\n  }\n}\n"
                     "// -----\n// trailing comment chunk\n";
  std::vector<ir::Module> modules = parseSplit(text, "split.mlir");
  ASSERT_EQ(modules.size(), 2u);
  EXPECT_EQ(modules[0].functions[0]->name, "a");
  EXPECT_EQ(modules[1].name, "b");
}

TEST(ParseForms, CallBeforeCalleeAndNamedValues) {
  const char* text = R"(module @m {
  func.func public @main() -> tensor<2xi64> {
    %0:2 = call @inputs() : () -> (tensor<2xi64>, tensor<2xi64>)
    %sum = stablehlo.add %0#0, %0#1 : tensor<2xi64>
    %c_1 = stablehlo.constant dense<[3, -4]> : tensor<2xi64>
    %cst.x-1 = stablehlo.multiply %sum, %c_1 : tensor<2xi64>
    return %cst.x-1 : tensor<2xi64>
  }
  func.func private @inputs() -> (tensor<2xi64>, tensor<2xi64>) {
    %a = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
    return %a, %a : tensor<2xi64>, tensor<2xi64>
  }
}
)";
  std::string printed = print(parse(text));
  EXPECT_NE(printed.find("%2 = stablehlo.multiply %1, %c"), std::string::npos) << printed;
  EXPECT_EQ(print(parse(printed)), printed);
}

} // namespace
} // namespace hlotrain::mlir
