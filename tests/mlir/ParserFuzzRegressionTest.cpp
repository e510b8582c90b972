// Inputs the fuzzer (fuzz/mlir_parse) found that once got past the parser as broken IR; each
// reproducer is also in fuzz/corpus/mlir_parse/ as a regress-* file.

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "mlir/Parser.h"
#include "mlir/Printer.h"
#include "support/Error.h"

namespace hlotrain::mlir {
namespace {

// A parse that must fail with a ParseError whose message contains `expected`.
void expectParseError(const std::string& text, const std::string& expected) {
  try {
    parse(text, "fuzz.mlir");
    FAIL() << "parsed without error:\n" << text;
  } catch (const ParseError& e) {
    EXPECT_NE(std::string(e.what()).find(expected), std::string::npos) << e.what();
  }
}

// A generic-form constant without `value` (here a misspelled key) became a constant holding no
// bytes; printing or running it read past its storage, and `hlotrain run` died of SIGSEGV.
TEST(ParserFuzzRegressionTest, GenericConstantWithoutValueIsRefused) {
  expectParseError("func.func @main() -> tensor<f32> {\n"
                   "  %0 = \"stablehlo.constant\"() <{valce = dense<0.0> : tensor<f32>}> : () -> "
                   "tensor<f32>\n"
                   "  func.return %0 : tensor<f32>\n"
                   "}\n",
                   "fuzz.mlir:2:8: stablehlo.constant needs a value");
}

TEST(ParserFuzzRegressionTest, GenericConstantCheckWithoutValueIsRefused) {
  for (const char* check : {"check.expect_eq_const", "check.expect_almost_eq_const"})
    expectParseError(std::string("func.func @main() {\n"
                                 "  %0 = stablehlo.constant dense<1.0> : tensor<f32>\n"
                                 "  \"") +
                         check + "\"(%0) : (tensor<f32>) -> ()\n  func.return\n}\n",
                     std::string(check) + " needs a value");
}

// A tolerance too large for a double is infinite; the printer writes it as its bits (hex), which
// the parser used to read as the integer 0x7FF0000000000000, so the round trip changed it.
TEST(ParserFuzzRegressionTest, NonFiniteToleranceSurvivesTheRoundTrip) {
  const std::string text = "func.func @main() {\n"
                           "  %f = stablehlo.constant dense<0.0> : tensor<f64>\n"
                           "  check.expect_almost_eq_const %f, dense<5.05> : tensor<f64> "
                           "{tolerance = 1.000000e401 : f64}\n"
                           "  func.return\n"
                           "}\n";
  const ir::Module module = parse(text, "fuzz.mlir");
  EXPECT_TRUE(std::isinf(module.functions.at(0)->body.ops.at(1)->attrs.tolerance));
  const std::string printed = print(module);
  EXPECT_NE(printed.find("tolerance = 0x7FF0000000000000"), std::string::npos) << printed;
  const ir::Module reparsed = parse(printed, "printed.mlir");
  EXPECT_TRUE(std::isinf(reparsed.functions.at(0)->body.ops.at(1)->attrs.tolerance));
  EXPECT_EQ(print(reparsed), printed);
}

} // namespace
} // namespace hlotrain::mlir
