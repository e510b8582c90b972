// The modern conv families' blocks (FAMILIES.md 2.5): every parameter's and the input's gradient
// of a tiny instance of each against central differences in f64 (squeeze-excitation with either
// gate, SiLU, hard-swish, depthwise 3x3 and 5x5, the universal inverted bottleneck, the ConvNeXt
// block's channel layer norm, GELU and layer scale, BatchNorm through its declared backward), and
// the exact effect of layer scale and stochastic depth on a ConvNeXt block.

#include <gtest/gtest.h>

#include "grad/Vjp.h"
#include "lower/cpu/Interpreter.h"
#include "nn/ConvNeXt.h"
#include "nn/EfficientNet.h"
#include "nn/Init.h"
#include "nn/MobileNet.h"
#include "nn/ResNet.h"
#include "program/Program.h"
#include "tests/program/NetGradientCheck.h"

using namespace hlotrain;
using namespace hlotrain::ir;

namespace {

using program::testing::expectNetGradientsMatchFiniteDifferences;

const nn::Padding kTorch = nn::Padding::symmetric;

TEST(ModernConvVjpTest, EfficientNetBlocksGradientsMatchFiniteDifferences) {
  expectNetGradientsMatchFiniteDifferences(
      {"tiny-EfficientNet",
       {nn::convBn(4, 3, 2, nn::Activation::silu, kTorch),
        nn::mbConv({2, 3, 1, 4, 4, 1, 0, 2}, true), nn::fusedMbConv({2, 3, 2, 4, 6, 1, 1, 2}),
        nn::globalAvgPool(), nn::dense(3)},
       {2, 6, 6},
       3,
       ""});
}

TEST(ModernConvVjpTest, MobileNetBlocksGradientsMatchFiniteDifferences) {
  expectNetGradientsMatchFiniteDifferences(
      {"tiny-MobileNetV3",
       {nn::convBn(4, 3, 2, nn::Activation::hardSwish, kTorch),
        nn::mobileNetV3Block(4, {5, 8, 4, true, nn::Activation::hardSwish, 1}),
        nn::mobileNetV3Block(4, {3, 4, 6, true, nn::Activation::relu, 2}), nn::globalAvgPool(),
        nn::dense(3, nn::Activation::hardSwish)},
       {2, 6, 6},
       3,
       ""});
  expectNetGradientsMatchFiniteDifferences(
      {"tiny-MobileNetV4",
       {nn::universalInvertedBottleneck(2, {4, 2, 2, 3, 5}),
        nn::universalInvertedBottleneck(4, {4, 2, 1, 3, 0}),
        nn::universalInvertedBottleneck(4, {4, 2, 1, 0, 0}), nn::globalAvgPool(), nn::dense(3)},
       {2, 6, 6},
       3,
       ""});
}

nn::NetSpec tinyConvNext() {
  return {"tiny-ConvNeXt",
          {nn::convNextStem(4), nn::convNextStage(4, 1, 0, 1), nn::convNextDownsample(6),
           nn::globalAvgPool(), nn::layerNorm(1e-6f), nn::dense(3)},
          {2, 8, 8},
          3,
          ""};
}

TEST(ModernConvVjpTest, ConvNeXtBlocksGradientsMatchFiniteDifferences) {
  expectNetGradientsMatchFiniteDifferences(tinyConvNext());
}

// One ConvNeXt block's output for `x` [2, 4, 8, 8], with layer scale `gamma` and, when given, a
// drop mask [1, 2]; its other parameters from the net's init.
Tensor convNextBlock(const Tensor& x, float gamma, const std::vector<float>& mask = {}) {
  const nn::NetSpec spec{"block", {nn::convNextStage(4, 1, 0, 1)}, {4, 8, 8}, 4, ""};
  Module m;
  Function& f = m.addFunction("main");
  Builder b(f.body, &m);
  std::vector<Tensor> in = nn::initialParameters(spec);
  std::vector<Value*> params;
  const std::vector<nn::ParamInfo> info = nn::parameters(spec);
  for (size_t i = 0; i < info.size(); ++i) {
    params.push_back(f.body.addArgument(in[i].type()));
    if (info[i].role == nn::ParamRole::layerScale)
      for (int64_t c = 0; c < 4; ++c) in[i].set<float>(c, gamma);
  }
  Value* input = f.body.addArgument(x.type());
  in.push_back(x);
  Value* dropMask = nullptr;
  if (!mask.empty()) {
    dropMask = f.body.addArgument({ElementType::f32, {1, 2}});
    in.push_back(Tensor::fromVector<float>({1, 2}, mask));
  }
  f.setResults({nn::emitForward(b, spec, params, input, nn::BnMode::batch, {}, {},
                                nn::Precision::f32, dropMask)
                    .logits});
  return cpu::interpret(m, f, in)[0];
}

TEST(ModernConvVjpTest, LayerScaleAndStochasticDepthScaleTheBranchExactly) {
  Tensor x({ElementType::f32, {2, 4, 8, 8}});
  for (int64_t i = 0; i < x.numElements(); ++i) x.set<float>(i, float(i % 13) / 13.0f - 0.4f);
  // Layer scale 0: the block is its shortcut. Layer scale g: x + g·f(x), f(x) read at g = 1.
  EXPECT_EQ(convNextBlock(x, 0.0f), x);
  const Tensor one = convNextBlock(x, 1.0f), quarter = convNextBlock(x, 0.25f);
  double branch = 0;
  for (int64_t i = 0; i < x.numElements(); ++i) {
    const float f = one.get<float>(i) - x.get<float>(i);
    branch = std::max(branch, double(std::abs(f)));
    EXPECT_NEAR(quarter.get<float>(i), x.get<float>(i) + 0.25f * f, 1e-6f) << i;
  }
  EXPECT_GT(branch, 0.1); // the branch is not negligible
  // Stochastic depth: sample 0 dropped (mask 0) is its input; sample 1 kept at rate 0.5 adds
  // its branch twice over (mask 1/(1 − 0.5)).
  const Tensor dropped = convNextBlock(x, 1.0f, {0.0f, 2.0f});
  const int64_t sample = x.numElements() / 2;
  for (int64_t i = 0; i < sample; ++i) EXPECT_EQ(dropped.get<float>(i), x.get<float>(i)) << i;
  for (int64_t i = sample; i < x.numElements(); ++i)
    EXPECT_NEAR(dropped.get<float>(i),
                x.get<float>(i) + 2.0f * (one.get<float>(i) - x.get<float>(i)), 1e-5f)
        << i;
}

// Dropout multiplies its values by the train step's mask, and passes them through without one
// (the forward and eval graphs); the train step takes one mask per dropout layer.
TEST(ModernConvVjpTest, DropoutMultipliesByItsMaskInTheTrainStepOnly) {
  const nn::NetSpec spec{"drop", {nn::flatten(), nn::dropout(0.5)}, {1, 2, 2}, 4, ""};
  ASSERT_EQ(nn::dropoutSites(spec).size(), 1u);
  EXPECT_EQ(nn::dropoutSites(spec)[0].features, (Shape{4}));
  const Tensor x = Tensor::fromVector<float>({2, 1, 2, 2}, {1, 2, 3, 4, 5, 6, 7, 8});
  const Tensor mask = Tensor::fromVector<float>({2, 4}, {0, 2, 2, 0, 2, 0, 0, 2});
  for (bool masked : {false, true}) {
    Module m;
    Function& f = m.addFunction("main");
    Builder b(f.body, &m);
    Value* input = f.body.addArgument(x.type());
    std::vector<Value*> masks;
    std::vector<Tensor> in = {x};
    if (masked) {
      masks.push_back(f.body.addArgument(mask.type()));
      in.push_back(mask);
    }
    f.setResults({nn::emitForward(b, spec, {}, input, nn::BnMode::batch, {}, {}, nn::Precision::f32,
                                  nullptr, masks)
                      .logits});
    const Tensor y = cpu::interpret(m, f, in)[0];
    for (int64_t i = 0; i < 8; ++i)
      EXPECT_EQ(y.get<float>(i), x.get<float>(i) * (masked ? mask.get<float>(i) : 1.0f)) << i;
  }
  program::ProgramOptions o;
  o.batch = 3;
  const program::TrainStepSignature sig = program::trainStepSignature(spec, o);
  ASSERT_EQ(sig.dropout.count, 1u);
  EXPECT_EQ(sig.argument(sig.dropout, 0).shape, (Shape{3, 4}));
  EXPECT_EQ(program::trainStepSignature(nn::resNet18(32), o).dropout.count, 0u);
}

} // namespace
