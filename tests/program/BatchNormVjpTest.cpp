// The train step's BatchNorm backward (program::batchNormVjps) against differentiating the
// BatchNorm's forward ops with grad::vjp.

#include <gtest/gtest.h>

#include "program/Program.h"
#include "tests/grad/GradientCheck.h"

using namespace hlotrain;
using namespace hlotrain::ir;

namespace {

TEST(BatchNormVjpTest, BackwardAgreesWithDifferentiatingTheForwardOps) {
  // y feeds a ReLU and a second use, as in a residual block, so the cotangent reaching the
  // BatchNorm is a sum of paths.
  auto forward = [](Builder& b, std::span<Value* const> a, nn::BatchNorm& bn) {
    bn = nn::emitBatchNorm(b, a[0], a[1], a[2]);
    Value* zero = b.broadcastInDim(b.scalar<double>(0.0), bn.y->type.shape, {});
    return b.add(b.maximum(bn.y, zero), b.multiply(bn.y, a[0]));
  };
  int reduces[2] = {0, 0};
  auto gradients = [&](bool custom) {
    std::mt19937 rng(3); // the same w for both modules
    nn::BatchNorm bn{};
    auto module = gradcheck::buildGradientModule(
        {{{4, 3, 2, 2}}, {{3}}, {{3}}},
        [&](Builder& b, std::span<Value* const> a) { return forward(b, a, bn); },
        [&](Builder& b, std::span<Value* const> a, Value* loss, Value*) {
          grad::CustomVjps customs;
          nn::ForwardValues forwardValues;
          forwardValues.batchNorms = {bn};
          if (custom) customs = program::customVjps(forwardValues);
          Value* seed = b.scalar<double>(1.0);
          return grad::vjp(b, std::span(&loss, 1), std::span(&seed, 1), a, {}, customs);
        },
        rng);
    std::mt19937 inputs(5);
    std::vector<Tensor> in;
    for (const auto& arg : module->functions[0]->body.args)
      in.push_back(gradcheck::randomTensor(arg->type, -1.0, 1.0, inputs));
    for (const auto& op : module->functions[0]->body.ops)
      reduces[custom] += op->kind == OpKind::reduce;
    return cpu::interpret(*module, *module->functions[0], in);
  };
  std::vector<Tensor> byOps = gradients(false), byRule = gradients(true);
  EXPECT_LT(reduces[1], reduces[0]); // the rule's backward is the one in the graph
  ASSERT_EQ(byOps.size(), byRule.size());
  for (size_t i = 1; i < byOps.size(); ++i)
    for (int64_t e = 0; e < byOps[i].numElements(); ++e)
      EXPECT_NEAR(byRule[i].get<double>(e), byOps[i].get<double>(e), 1e-12)
          << "input " << i - 1 << " element " << e;
}

} // namespace
