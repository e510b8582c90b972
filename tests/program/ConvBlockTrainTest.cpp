// The conv-net blocks of nn/ trained through program/ and differentiated through grad/, run on
// the reference interpreter.

#include <gtest/gtest.h>

#include <cmath>

#include "ir/Verifier.h"
#include "lower/cpu/Interpreter.h"
#include "mlir/Parser.h"
#include "mlir/Printer.h"
#include "nn/Emit.h"
#include "nn/Init.h"
#include "nn/Zoo.h"
#include "program/Program.h"
#include "support/Xorshift.h"
#include "tests/program/InputGradientCheck.h"

using namespace hlotrain;

namespace {

// A learnable signal: the class decides which channel carries a bright square, over noise.
ir::Tensor signalBatch(const nn::NetSpec& spec, const std::vector<int32_t>& labels) {
  const int64_t c = spec.input.channels, h = spec.input.height, w = spec.input.width;
  const int64_t n = static_cast<int64_t>(labels.size());
  ir::Tensor x({ir::ElementType::f32, {n, c, h, w}});
  uint64_t s = 12345;
  for (int64_t i = 0; i < x.numElements(); ++i) {
    s = xorshift64(s);
    int64_t sample = i / (c * h * w), channel = i / (h * w) % c, row = i / w % h, col = i % w;
    bool lit = channel == labels[static_cast<size_t>(sample)] && row >= h / 4 && row < h / 2 &&
               col >= w / 4 && col < 3 * w / 4;
    x.set<float>(i, (lit ? 1.0f : 0.0f) + 0.3f * (float(s % 1000) / 1000.0f - 0.5f));
  }
  return x;
}

// Every block kind, with identity and projected shortcuts, depthwise convolutions and a padded
// max pool, trained with Adam on one batch: the loss falls and the batch gets classified.
TEST(ConvBlockTrainTest, TinyBlockNetLearns) {
  nn::NetSpec spec{"tiny-blocks",
                   {nn::convBn(8, 3), nn::maxPool(3, 2, nn::Padding::same),
                    nn::residualBlock(8, 8, 1, 1), nn::residualBlock(8, 16, 1, 2),
                    nn::bottleneckBlock(16, 16, 1, 1), nn::invertedResidual(16, 16, 2, 1, 1),
                    nn::invertedResidual(16, 8, 1, 2, 1), nn::globalAvgPool(), nn::dense(3)},
                   {3, 16, 16},
                   3,
                   ""};
  const std::vector<int32_t> labels = {0, 1, 2, 0, 1, 2};
  const int64_t batch = static_cast<int64_t>(labels.size());
  program::ProgramOptions o;
  o.weightDecay = 0;
  o.batch = batch;
  auto step = program::buildTrainStep(spec, o);
  ir::Tensor x = signalBatch(spec, labels);

  std::vector<ir::Tensor> state = nn::initialParameters(spec);
  const size_t p = state.size();
  for (size_t k = 0; k < 2 * p; ++k) state.push_back(ir::Tensor(state[k % p].type()));
  std::vector<float> losses;
  for (int s = 1; s <= 6; ++s) {
    std::vector<ir::Tensor> in = state;
    in.push_back(x);
    in.push_back(ir::Tensor::fromVector<int32_t>({batch}, labels));
    in.push_back(ir::Tensor::scalar<float>(0.01f));
    in.push_back(ir::Tensor::scalar<float>(float(s)));
    auto out = cpu::interpret(*step, *step->functions[0], in);
    losses.push_back(out[3 * p].get<float>(0));
    for (size_t i = 0; i < 3 * p; ++i) state[i] = out[i];
  }
  EXPECT_LT(losses.back(), 0.3f * losses.front())
      << "first " << losses.front() << " last " << losses.back();

  auto forward = program::buildForward(spec, batch);
  std::vector<ir::Tensor> in(state.begin(), state.begin() + static_cast<std::ptrdiff_t>(p));
  in.push_back(x);
  ir::Tensor logits = cpu::interpret(*forward, *forward->functions[0], in)[0];
  int correct = 0;
  for (int64_t n = 0; n < batch; ++n) {
    int64_t best = 0;
    for (int64_t c = 1; c < 3; ++c)
      if (logits.get<float>(n * 3 + c) > logits.get<float>(n * 3 + best)) best = c;
    correct += best == labels[static_cast<size_t>(n)];
  }
  EXPECT_EQ(correct, batch);
}

// The input gradient of a projecting residual block followed by an inverted residual (depthwise,
// ReLU6, identity add), with batch-statistics BN, against central differences in f64.
TEST(ConvBlockTrainTest, BlockInputGradientMatchesFiniteDifferences) {
  nn::NetSpec spec{
      "fd", {nn::residualBlock(3, 4, 1, 2), nn::invertedResidual(4, 4, 2, 1, 1)}, {3, 6, 6}, 4, ""};
  program::testing::expectInputGradientMatchesFiniteDifferences(spec, 2, false, 7);
}

// Every reference net's train step differentiates and verifies, and its printed StableHLO parses
// back (built only: the big nets are not run here).
TEST(ConvBlockTrainTest, EveryZooNetBuildsATrainStep) {
  for (const nn::NetSpec& spec : nn::zoo()) {
    program::ProgramOptions o;
    o.weightDecay = 0;
    o.batch = 2;
    o.loss.kind = program::defaultLossKind(spec);
    auto step = program::buildTrainStep(spec, o);
    size_t p = nn::parameters(spec).size(), bn = nn::bnChannels(spec).size();
    EXPECT_EQ(step->functions[0]->resultTypes.size(), 3 * p + 1 + 2 * bn) << spec.name;
    std::string text = mlir::print(*step);
    ir::Module parsed = mlir::parse(text);
    ir::verify(parsed);
    EXPECT_EQ(parsed.functions[0]->body.ops.size(), step->functions[0]->body.ops.size())
        << spec.name;
  }
}

} // namespace
