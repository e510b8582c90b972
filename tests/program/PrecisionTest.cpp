// --precision bf16 (nn::Precision): every convolution and dot_general of the three graphs
// multiplies bf16 operands converted at its input into an f32 result, in the forward and in the
// transposes the gradient adds; the signatures, BatchNorm, the loss and the update stay f32; and
// the bf16 train step's gradients are the f32 step's to bf16's precision.

#include <gtest/gtest.h>

#include <cmath>

#include "ir/Verifier.h"
#include "lower/cpu/Interpreter.h"
#include "mlir/Parser.h"
#include "mlir/Printer.h"
#include "nn/Init.h"
#include "nn/Zoo.h"
#include "program/Program.h"

using namespace hlotrain;

namespace {

using ir::ElementType;

struct Products {
  size_t f32Results = 0, bf16Results = 0;
};

// The products of `module`, every one of them multiplying bf16 operands: the forward's into f32
// results, the gradient's transposes into their operand's type, bf16.
Products bf16Products(const ir::Module& module) {
  Products n;
  for (const auto& op : module.functions[0]->body.ops) {
    if (op->kind != ir::OpKind::convolution && op->kind != ir::OpKind::dot_general) continue;
    const ElementType result = op->results[0]->type.elementType;
    EXPECT_TRUE(result == ElementType::f32 || result == ElementType::bf16) << ir::opName(op->kind);
    ++(result == ElementType::f32 ? n.f32Results : n.bf16Results);
    for (const ir::Value* operand : op->operands)
      EXPECT_EQ(operand->type.elementType, ElementType::bf16) << ir::opName(op->kind);
  }
  return n;
}

TEST(PrecisionTest, Bf16GraphsMultiplyInBf16AndKeepEverythingElseF32) {
  const nn::NetSpec spec = nn::mnistCnn();
  program::ProgramOptions o;
  o.weightDecay = 0;
  o.batch = 4;
  o.precision = nn::Precision::bf16;
  auto step = program::buildTrainStep(spec, o);
  ir::verify(*step);
  // 4 convolutions and 2 dense layers forward, and two transposes of each backward but the first
  // convolution's backward-data (the net's input needs no gradient).
  const Products products = bf16Products(*step);
  EXPECT_EQ(products.f32Results, 6u);
  EXPECT_EQ(products.bf16Results, 2u * 6 - 1);
  const program::TrainStepSignature sig = program::trainStepSignature(spec, o);
  for (const ir::TensorType& t : step->functions[0]->resultTypes)
    EXPECT_TRUE(t.elementType == ElementType::f32) << ir::toString(t);
  EXPECT_EQ(step->functions[0]->resultTypes.size(), sig.results.size());
  for (auto& module : {program::buildForward(spec, 2, nn::Precision::bf16),
                       program::buildEvalForward(spec, 2, nn::Precision::bf16)}) {
    ir::verify(*module);
    const Products products = bf16Products(*module);
    EXPECT_EQ(products.f32Results, 6u);
    EXPECT_EQ(products.bf16Results, 0u);
  }
  // The text is StableHLO that parses back to the same graph.
  const std::string text = mlir::print(*step);
  EXPECT_NE(text.find("xbf16>"), std::string::npos);
  ir::Module parsed = mlir::parse(text);
  ir::verify(parsed);
  EXPECT_EQ(parsed.functions[0]->body.ops.size(), step->functions[0]->body.ops.size());
  // f32 stays as it was: no convert, no bf16.
  o.precision = nn::Precision::f32;
  EXPECT_EQ(mlir::print(*program::buildTrainStep(spec, o)).find("bf16"), std::string::npos);
}

// One SGD step from zero velocity returns the gradients themselves (velocity = μ·0 + g): the
// bf16 step's are the f32 step's within bf16's relative precision (2^-8) per product, on the
// reference interpreter.
TEST(PrecisionTest, Bf16GradientsAreTheF32GradientsToBf16Precision) {
  nn::NetSpec spec{
      "tiny", {nn::convBn(4, 3), nn::maxPool(2, 2), nn::flatten(), nn::dense(3)}, {2, 8, 8}, 3, ""};
  program::ProgramOptions o;
  o.weightDecay = 0;
  o.batch = 4;
  o.optimizer = program::Optimizer::sgd;
  std::vector<ir::Tensor> params = nn::initialParameters(spec);
  const size_t p = params.size();
  ir::Tensor x({ElementType::f32, {4, 2, 8, 8}});
  for (int64_t i = 0; i < x.numElements(); ++i)
    x.set<float>(i, std::sin(0.37f * static_cast<float>(i)));
  std::vector<std::vector<ir::Tensor>> gradients;
  for (nn::Precision precision : {nn::Precision::f32, nn::Precision::bf16}) {
    o.precision = precision;
    auto step = program::buildTrainStep(spec, o);
    std::vector<ir::Tensor> in = params;
    for (size_t k = 0; k < p; ++k) in.push_back(ir::Tensor(params[k].type()));
    in.push_back(x);
    in.push_back(ir::Tensor::fromVector<int32_t>({4}, {0, 1, 2, 1}));
    in.push_back(ir::Tensor::scalar<float>(0.0f)); // lr 0: the parameters stay
    in.push_back(ir::Tensor::scalar<float>(1.0f));
    std::vector<ir::Tensor> out = cpu::interpret(*step, *step->functions[0], in);
    gradients.emplace_back(out.begin() + static_cast<std::ptrdiff_t>(p),
                           out.begin() + static_cast<std::ptrdiff_t>(2 * p));
  }
  for (size_t k = 0; k < p; ++k) {
    double diff = 0, norm = 0;
    for (int64_t i = 0; i < gradients[0][k].numElements(); ++i) {
      const double a = gradients[0][k].get<float>(i), b = gradients[1][k].get<float>(i);
      diff += (a - b) * (a - b);
      norm += a * a;
    }
    ASSERT_GT(norm, 0) << "parameter " << k;
    const double relative = std::sqrt(diff / norm);
    EXPECT_LT(relative, 0.03) << "parameter " << k; // a few bf16 roundings deep
    EXPECT_GT(relative, 0.0) << "parameter " << k;  // and the products did round to bf16
  }
}

} // namespace
