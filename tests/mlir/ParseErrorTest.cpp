// Malformed and unsupported inputs: each gives its typed error with file:line:col, and no input
// (truncated, mutated, garbage) crashes the parser.

#include <gtest/gtest.h>

#include <random>

#include "mlir/Parser.h"
#include "mlir/Printer.h"
#include "support/Error.h"

namespace hlotrain::mlir {
namespace {

enum class Kind { Parse, Verify, Unsupported };

struct BadCase {
  const char* name;
  const char* text;
  Kind kind;
  const char* message; // substring, location included
};

const BadCase kBad[] = {
    {"truncated", "module {\n  func.func @main() {\n", Kind::Parse,
     "bad.mlir:2:21: unclosed '{' at the end of the text"},
    {"unknown element type", "func.func @main(%a: tensor<2xfoo>) {\n  return\n}", Kind::Parse,
     "bad.mlir:1:30: unknown element type 'foo'"},
    {"undefined value",
     "func.func @main(%a: tensor<f32>) {\n  %0 = stablehlo.add %a, %b : tensor<f32>\n  return\n}",
     Kind::Parse, "bad.mlir:2:26: use of undefined value %b"},
    {"operand type mismatch",
     "func.func @main(%a: tensor<2xf32>) {\n  %0 = stablehlo.add %a, %a : tensor<3xf32>\n"
     "  return\n}",
     Kind::Parse,
     "bad.mlir:2:22: operand #0 of stablehlo.add has type tensor<2xf32> but the "
     "text says tensor<3xf32>"},
    {"result type mismatch",
     "func.func @main(%a: tensor<2x3xf32>) {\n  %0 = stablehlo.transpose %a, dims = [1, 0] : "
     "(tensor<2x3xf32>) -> tensor<2x3xf32>\n  return\n}",
     Kind::Parse,
     "bad.mlir:2:48: result #0 of stablehlo.transpose is inferred as tensor<3x2xf32> "
     "but the text says tensor<2x3xf32>"},
    {"dot_general shape",
     "func.func @main(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) {\n  %0 = stablehlo.dot_general "
     "%a, %b, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> "
     "tensor<2x5xf32>\n  return\n}",
     Kind::Parse,
     "bad.mlir:2:69: result #0 of stablehlo.dot_general is inferred as "
     "tensor<2x4xf32> but the text says tensor<2x5xf32>"},
    {"ill-typed op",
     "func.func @main(%a: tensor<2xf32>, %b: tensor<3xf32>) {\n  %0 = stablehlo.add %a, %b : "
     "(tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>\n  return\n}",
     Kind::Verify, "bad.mlir:2:8: "},
    {"bad broadcast",
     "func.func @main(%a: tensor<3xf32>) {\n  %0 = stablehlo.broadcast_in_dim "
     "%a, dims = [7] : (tensor<3xf32>) -> tensor<2x3xf32>\n  return\n}",
     Kind::Verify, "bad.mlir:2:8: "},
    {"return type mismatch",
     "func.func @main(%a: tensor<2xf32>) -> tensor<2xi32> {\n  return %a : tensor<2xf32>\n}",
     Kind::Parse,
     "bad.mlir:2:10: returned value has type tensor<2xf32> but @main returns "
     "tensor<2xi32>"},
    {"missing return", "func.func @main() {\n}", Kind::Parse,
     "bad.mlir:2:1: function body does not end with return"},
    {"op after return",
     "func.func @main(%a: tensor<f32>) {\n  return\n  check.expect_eq %a, %a : tensor<f32>\n}",
     Kind::Parse, "bad.mlir:3:3: operation after the terminator"},
    {"redefinition",
     "func.func @main() {\n  %0 = stablehlo.constant dense<1> : tensor<i32>\n"
     "  %0 = stablehlo.constant dense<1> : tensor<i32>\n  return\n}",
     Kind::Parse, "bad.mlir:3:3: redefinition of %0"},
    {"duplicate function", "func.func @f() {\n  return\n}\nfunc.func @f() {\n  return\n}",
     Kind::Parse, "bad.mlir:4:11: redefinition of function @f"},
    {"dense shape mismatch",
     "func.func @main() {\n  %0 = stablehlo.constant dense<[1, 2, 3]> : tensor<2xi32>\n"
     "  return\n}",
     Kind::Parse, "bad.mlir:2:27: dense literal of shape [3] for tensor<2xi32>"},
    {"ragged dense",
     "func.func @main() {\n  %0 = stablehlo.constant dense<[[1, 2], [3]]> : "
     "tensor<2x2xi32>\n  return\n}",
     Kind::Parse, "bad.mlir:2:"},
    {"integer out of range",
     "func.func @main() {\n  %0 = stablehlo.constant dense<300> : tensor<i8>\n  return\n}",
     Kind::Parse, "bad.mlir:2:33: integer out of range for i8"},
    {"negative unsigned",
     "func.func @main() {\n  %0 = stablehlo.constant dense<-1> : tensor<ui8>\n  return\n}",
     Kind::Parse, "bad.mlir:2:33: integer out of range for ui8"},
    {"float for integer",
     "func.func @main() {\n  %0 = stablehlo.constant dense<1.5> : tensor<i32>\n  return\n}",
     Kind::Parse, "bad.mlir:2:33: expected an integer for i32"},
    {"huge constant",
     "func.func @main() {\n  %0 = stablehlo.constant dense<1.0> : tensor<100000000000xf32>\n"
     "  return\n}",
     Kind::Parse, "bad.mlir:2:40: constant too large"},
    {"huge shape", "func.func @main(%a: tensor<99999999999999999999xf32>) {\n  return\n}",
     Kind::Parse, "bad.mlir:1:28: tensor dimension too large"},
    {"bad hex",
     "func.func @main() {\n  %0 = stablehlo.constant dense<\"0x0000803\"> : "
     "tensor<f32>\n  return\n}",
     Kind::Parse, "bad.mlir:2:33: expected a hex string"},
    {"hex size",
     "func.func @main() {\n  %0 = stablehlo.constant dense<\"0x000080\"> : "
     "tensor<2xf32>\n  return\n}",
     Kind::Parse, "bad.mlir:2:27: hex dense data of 3 bytes for tensor<2xf32>"},
    {"unterminated string", "module attributes {a = \"abc} {\n}", Kind::Parse,
     "bad.mlir:1:24: unterminated string"},
    {"garbage", "\x01\xff\xfe\x80 garbage", Kind::Parse, "bad.mlir:1:1: expected 'func.func'"},
    {"empty", "  // nothing\n", Kind::Parse, "bad.mlir:2:1: expected 'module' or 'func.func'"},
    {"trailing text", "module {\n}\n}", Kind::Parse, "bad.mlir:3:1: unexpected text after"},
    {"wrong terminator", "func.func @main() {\n  stablehlo.return\n}", Kind::Parse,
     "bad.mlir:2:3: 'stablehlo.return' is not valid here"},
    {"bad result index",
     "func.func @main(%a: tensor<f32>) -> tensor<f32> {\n  return %a#1 : tensor<f32>\n}",
     Kind::Parse, "bad.mlir:2:10: %a has 1 results"},
    {"bad conv layout",
     "func.func @main(%x: tensor<1x4x4x1xf32>, %w: tensor<1x1x1x1xf32>) {\n  %0 = "
     "stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, b]x[0, 1, i, o]->[b, 0, 1, f], window "
     "= {} : (tensor<1x4x4x1xf32>, tensor<1x1x1x1xf32>) -> tensor<1x4x4x1xf32>\n  return\n}",
     Kind::Parse, "bad.mlir:2:62: dimension letter repeated"},
    {"unknown callee", "func.func @main() {\n  call @nowhere() : () -> ()\n  return\n}",
     Kind::Verify, "bad.mlir:2:3: "},
    {"sort",
     "func.func @main(%a: tensor<3xf32>) {\n  %0 = stablehlo.sort %a : tensor<3xf32>\n"
     "  return\n}",
     Kind::Unsupported, "unsupported: operation stablehlo.sort at bad.mlir:2:8"},
    {"while", "func.func @main() {\n  %0 = \"stablehlo.while\"() ({\n  }) : () -> ()\n  return\n}",
     Kind::Unsupported, "unsupported: operation stablehlo.while at bad.mlir:2:8"},
    {"chlo", "func.func @main(%a: tensor<f32>) {\n  %0 = chlo.erf %a : tensor<f32>\n  return\n}",
     Kind::Unsupported, "unsupported: operation chlo.erf at bad.mlir:2:8"},
    {"weak order",
     "func.func @main(%a: tensor<f32>) {\n  %0 = stablehlo.compare EQ, %a, %a, "
     "WEAKORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>\n  return\n}",
     Kind::Unsupported, "unsupported: comparison type WEAKORDER at bad.mlir:2:38"},
    {"f8", "func.func @main(%a: tensor<2xf8E4M3FN>) {\n  return\n}", Kind::Unsupported,
     "unsupported: element type f8E4M3FN at bad.mlir:1:30"},
    {"tf32", "func.func @main(%a: tensor<tf32>) {\n  return\n}", Kind::Unsupported,
     "unsupported: element type tf32 at bad.mlir:1:28"},
    {"complex", "func.func @main(%a: tensor<complex<f32>>) {\n  return\n}", Kind::Unsupported,
     "unsupported: element type complex at bad.mlir:1:28"},
    {"dynamic", "func.func @main(%a: tensor<?x3xf32>) {\n  return\n}", Kind::Unsupported,
     "unsupported: dynamic dimension in tensor type at bad.mlir:1:28"},
    {"tuple", "func.func @main(%a: tuple<tensor<f32>>) {\n  return\n}", Kind::Unsupported,
     "unsupported: tuple type at bad.mlir:1:21"},
    {"quantized", "func.func @main(%a: tensor<!quant.uniform<i8:f32, 1.0>>) {\n  return\n}",
     Kind::Unsupported, "unsupported: dialect element type at bad.mlir:1:28"},
    {"token", "func.func @main(%a: !stablehlo.token) {\n  return\n}", Kind::Unsupported,
     "unsupported: type !stablehlo.token at bad.mlir:1:21"},
    {"other custom call",
     "func.func @main(%a: tensor<f32>) {\n  stablehlo.custom_call @foo(%a) : (tensor<f32>) -> "
     "()\n  return\n}",
     Kind::Unsupported, "unsupported: stablehlo.custom_call @foo at bad.mlir:2:3"},
    {"declaration", "func.func private @f(tensor<f32>)\n", Kind::Unsupported,
     "unsupported: function declaration without a body at bad.mlir:1:19"},
    {"dense_resource",
     "func.func @main() {\n  %0 = stablehlo.constant dense_resource<blob> : tensor<f32>\n"
     "  return\n}",
     Kind::Parse, "bad.mlir:2:"},
};

class ParseErrors : public ::testing::TestWithParam<BadCase> {};

TEST_P(ParseErrors, TypedErrorWithLocation) {
  const BadCase& c = GetParam();
  try {
    parse(c.text, "bad.mlir");
    FAIL() << "parsed without error";
  } catch (const ParseError& e) {
    EXPECT_EQ(c.kind, Kind::Parse) << e.what();
    EXPECT_NE(std::string(e.what()).find(c.message), std::string::npos) << e.what();
  } catch (const VerifyError& e) {
    EXPECT_EQ(c.kind, Kind::Verify) << e.what();
    EXPECT_NE(std::string(e.what()).find(c.message), std::string::npos) << e.what();
  } catch (const UnsupportedError& e) {
    EXPECT_EQ(c.kind, Kind::Unsupported) << e.what();
    EXPECT_NE(std::string(e.what()).find(c.message), std::string::npos) << e.what();
  }
}

INSTANTIATE_TEST_SUITE_P(Inputs, ParseErrors, ::testing::ValuesIn(kBad), [](const auto& info) {
  std::string name = info.param.name;
  for (char& ch : name)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return name;
});

// A module touching most of the grammar, for the sweeps below.
const char* kSample = R"(#loc = loc("a")
module @jit_sample attributes {mhlo.num_partitions = 1 : i32} {
  func.func public @main(%arg0: tensor<2x3xf32> {mhlo.layout_mode = "default"}, %arg1: tensor<i32>) -> (tensor<2xf32> {jax.result_info = ""}) {
    %cst = stablehlo.constant dense<[[1.0, 0x7FC00000, -2.5], [3.0, 4.0, 5.0]]> : tensor<2x3xf32>
    %0 = stablehlo.add %arg0, %cst : tensor<2x3xf32>
    %c = stablehlo.constant dense<"0x0000000000000000"> : tensor<2xi32>
    %1 = stablehlo.compare  GT, %arg0, %cst,  FLOAT : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
    %2 = stablehlo.select %1, %0, %arg0 : tensor<2x3xi1>, tensor<2x3xf32>
    %3 = stablehlo.dynamic_slice %2, %arg1, %arg1, sizes = [1, 3] : (tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<1x3xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%2 init: %cst_0) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
    %5 = "stablehlo.reduce_window"(%2, %cst_0) <{padding = dense<[[0, 0], [1, 1]]> : tensor<2x2xi64>, window_dimensions = array<i64: 1, 3>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %m = stablehlo.maximum %a, %b : tensor<f32>
      stablehlo.return %m : tensor<f32>
    }) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
    %6:2 = call @two(%4) : (tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
    check.expect_close %6#0, %6#1, max_ulp_difference = 3 : tensor<2xf32>, tensor<2xf32>
    return %6#1 : tensor<2xf32> loc(#loc)
  }
  func.func private @two(%x: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
    %m = stablehlo.reshape %x : (tensor<2xf32>) -> tensor<1x2xf32>
    %k = stablehlo.constant dense<1.0> : tensor<2x3xf32>
    %y = stablehlo.convolution(%m, %k) dim_numbers = [b, f]x[i, o]->[b, f], window = {} : (tensor<1x2xf32>, tensor<2x3xf32>) -> tensor<1x3xf32>
    return %x, %x : tensor<2xf32>, tensor<2xf32>
  }
}
)";

// The generic form with regions, properties and a split marker, for the same sweeps.
const char* kGenericSample = R"("builtin.module"() <{sym_name = "g"}> ({
  "func.func"() <{function_type = (tensor<4xf32>, tensor<4xi32>) -> (tensor<f32>, tensor<i32>), sym_name = "main", arg_attrs = [{a = 1 : i32}, {}]}> ({
  ^bb0(%x: tensor<4xf32>, %i: tensor<4xi32>):
    %z = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %n = "stablehlo.constant"() <{value = dense<"0x00000000"> : tensor<i32>}> : () -> tensor<i32>
    %0:2 = "stablehlo.reduce"(%x, %i, %z, %n) <{dimensions = array<i64: 0>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<i32>, %c: tensor<f32>, %d: tensor<i32>):
      %p = "stablehlo.compare"(%a, %c) <{comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %v = "stablehlo.select"(%p, %a, %c) : (tensor<i1>, tensor<f32>, tensor<f32>) -> tensor<f32>
      %w = "stablehlo.select"(%p, %b, %d) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
      "stablehlo.return"(%v, %w) : (tensor<f32>, tensor<i32>) -> ()
    }) : (tensor<4xf32>, tensor<4xi32>, tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>)
    "func.return"(%0#0, %0#1) : (tensor<f32>, tensor<i32>) -> ()
  }) : () -> ()
}) {m = "x"} : () -> ()
// -----
func.func @second(%w: tensor<1x4x4x1xf32>, %k: tensor<2x2x1x1xf32>) -> tensor<1x3x3x1xf32> {
  %0 = "stablehlo.convolution"(%w, %k) <{dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x4x4x1xf32>, tensor<2x2x1x1xf32>) -> tensor<1x3x3x1xf32>
  return %0 : tensor<1x3x3x1xf32>
}
)";

// Runs the parser on `text`; only our typed errors may come out.
void expectNoCrash(const std::string& text) {
  try {
    for (const ir::Module& m : parseSplit(text, "sweep.mlir")) print(m);
  } catch (const ParseError&) {
  } catch (const VerifyError&) {
  } catch (const UnsupportedError&) {
  } catch (const std::exception& e) {
    ADD_FAILURE() << "untyped error " << e.what() << " for:\n" << text;
  }
  try {
    ir::Module m = parse(text, "sweep.mlir");
    print(m);
  } catch (const ParseError&) {
  } catch (const VerifyError&) {
  } catch (const UnsupportedError&) {
  } catch (const std::exception& e) {
    ADD_FAILURE() << "untyped error " << e.what() << " for:\n" << text;
  }
}

TEST(ParseErrors, SamplesParse) {
  EXPECT_NO_THROW(parse(kSample));
  EXPECT_EQ(parseSplit(kGenericSample).size(), 2u);
}

TEST(ParseErrors, EveryTruncationFailsCleanly) {
  for (std::string sample : {kSample, kGenericSample})
    for (size_t n = 0; n < sample.size(); ++n) expectNoCrash(sample.substr(0, n));
}

TEST(ParseErrors, RandomMutationsFailCleanly) {
  std::mt19937 rng(1234);
  const std::string alphabet = "%#@\"()[]{}<>:=,-x0123456789.abfiu \n\xff";
  for (int trial = 0; trial < 4000; ++trial) {
    std::string text = trial % 2 ? kSample : kGenericSample;
    int edits = 1 + static_cast<int>(rng() % 3);
    for (int e = 0; e < edits; ++e) {
      size_t at = rng() % text.size();
      switch (rng() % 3) {
      case 0:
        text[at] = alphabet[rng() % alphabet.size()];
        break;
      case 1:
        text.erase(at, 1 + rng() % 8);
        break;
      default:
        text.insert(at, 1, alphabet[rng() % alphabet.size()]);
        break;
      }
    }
    expectNoCrash(text);
  }
}

TEST(ParseErrors, DeepNestingIsRefused) {
  std::string deep = "func.func @main() {\n  %0 = stablehlo.constant dense<" +
                     std::string(100000, '[') + "1" + std::string(100000, ']') +
                     "> : tensor<f32>\n  return\n}";
  EXPECT_THROW(parse(deep), ParseError);
  std::string attrs = "module attributes {a = " + std::string(100000, '[') + "} {\n}";
  EXPECT_THROW(parse(attrs), ParseError);
}

} // namespace
} // namespace hlotrain::mlir
