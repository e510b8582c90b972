// A small UNet through the whole train step: its input gradient (the upsample's custom VJP, the
// skip concatenations, batch-statistics BN) against finite differences, and one step of the fast
// path against the reference interpreter.

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "lower/cpu/Executable.h"
#include "lower/cpu/Interpreter.h"
#include "nn/Emit.h"
#include "nn/Init.h"
#include "nn/UNet.h"
#include "program/Program.h"
#include "support/Xorshift.h"
#include "tests/program/InputGradientCheck.h"

using namespace hlotrain;

namespace {

nn::NetSpec tinyUnet(int64_t side) {
  return {"tiny-unet",
          {nn::unetDown(2, 4), nn::unetDown(4, 8), nn::convBn(8, 3), nn::unetUp(8, 8),
           nn::unetUp(8, 4), nn::conv2d(3, 1, 1, nn::Activation::identity)},
          {2, side, side},
          3,
          ""};
}

ir::Tensor filled(const ir::TensorType& type, uint64_t s, double scale = 1.0) {
  ir::Tensor t(type);
  for (int64_t i = 0; i < t.numElements(); ++i) {
    s = xorshift64(s);
    const double v = scale * (double(s % 100000) / 50000.0 - 1.0);
    if (type.elementType == ir::ElementType::f64)
      t.set<double>(i, v);
    else
      t.set<float>(i, static_cast<float>(v));
  }
  return t;
}

TEST(UnetTrainTest, InputGradientMatchesFiniteDifferences) {
  program::testing::expectInputGradientMatchesFiniteDifferences(tinyUnet(8), 2, true, 5);
}

// One Adam step with the Dice + CE loss: the fast path (fused loops, oneDNN convolutions, the
// concatenates and upsample as planned kernels) gives the reference interpreter's results.
TEST(UnetTrainTest, FastPathStepMatchesTheReference) {
  const nn::NetSpec spec = tinyUnet(16);
  program::ProgramOptions o;
  o.weightDecay = 0;
  o.batch = 2;
  o.loss.kind = program::LossKind::diceCrossEntropy;
  auto module = program::buildTrainStep(spec, o);
  const program::TrainStepSignature sig = program::trainStepSignature(spec, o);
  std::vector<ir::Tensor> in(sig.arguments.size());
  std::vector<ir::Tensor> params = nn::initialParameters(spec);
  for (size_t i = 0; i < sig.params.count; ++i) in[sig.params[i]] = params[i];
  for (size_t i = 0; i < sig.optState.count; ++i)
    in[sig.optState[i]] = ir::Tensor(sig.arguments[sig.optState[i]]);
  in[sig.input.begin] = filled(sig.arguments[sig.input.begin], 3);
  ir::Tensor labels(sig.arguments[sig.labels.begin]);
  for (int64_t i = 0; i < labels.numElements(); ++i)
    labels.set<int32_t>(i, static_cast<int32_t>((i / 16 + i % 7) % 3));
  in[sig.labels.begin] = labels;
  in[sig.lr.begin] = ir::Tensor::scalar<float>(1e-3f);
  in[sig.step.begin] = ir::Tensor::scalar<float>(1.0f);

  const ir::Function& main = *module->functions[0];
  std::vector<ir::Tensor> expected = cpu::interpret(*module, main, in);
  auto exe = cpu::Executable::compile(*module, "main");
  // The upsamples, the skip concatenations and their gradients are planned kernels: nothing of
  // them runs in the reference interpreter.
  const std::string plan = exe->dumpPlan();
  EXPECT_NE(plan.find("fused concat"), std::string::npos) << plan;
  for (const char* op : {"concatenate", "pad", "slice", "reshape", "broadcast_in_dim", "multiply",
                         "add", "convolution", "reduce_window", "select_and_scatter"})
    EXPECT_EQ(plan.find("generic stablehlo." + std::string(op) + " "), std::string::npos)
        << op << "\n"
        << plan;
  std::vector<ir::Tensor> actual = exe->run(in);
  ASSERT_EQ(actual.size(), expected.size());
  EXPECT_NEAR(actual[sig.loss.begin].get<float>(0), expected[sig.loss.begin].get<float>(0), 1e-5);
  for (size_t r = 0; r < actual.size(); ++r) {
    double scale = 1e-30;
    for (int64_t i = 0; i < expected[r].numElements(); ++i)
      scale = std::max(scale, std::abs(double(expected[r].get<float>(i))));
    for (int64_t i = 0; i < expected[r].numElements(); ++i)
      ASSERT_NEAR(actual[r].get<float>(i), expected[r].get<float>(i), 1e-4 * scale)
          << "result " << r << " element " << i;
  }
}

} // namespace
