#include <gtest/gtest.h>

#include <cmath>

#include "ir/Verifier.h"
#include "lower/cpu/Interpreter.h"
#include "nn/Emit.h"
#include "nn/Init.h"
#include "nn/Zoo.h"
#include "support/Error.h"

using namespace hlotrain;

namespace {

TEST(NetSpecTest, ReferenceNetParameterCounts) {
  EXPECT_EQ(nn::parameterCount(nn::mnistLinear()), 7850);
  EXPECT_EQ(nn::parameterCount(nn::mnistMlp()), 669706);
  EXPECT_EQ(nn::parameterCount(nn::mnistCnn()), 1676458);
  EXPECT_EQ(nn::bnChannels(nn::mnistCnn()), (std::vector<int64_t>{32, 32, 64, 64}));
}

TEST(NetSpecTest, ParameterOrderAndShapes) {
  auto params = nn::parameters(nn::mnistCnn());
  ASSERT_EQ(params.size(), 16u);
  EXPECT_EQ(params[0].shape, (ir::Shape{32, 1, 3, 3}));
  EXPECT_EQ(params[0].fanIn, 9);
  EXPECT_EQ(params[1].role, nn::ParamRole::bnScale);
  EXPECT_EQ(params[2].role, nn::ParamRole::bnShift);
  EXPECT_EQ(params[12].shape, (ir::Shape{3136, 512}));
  EXPECT_EQ(params[15].shape, (ir::Shape{10}));
}

TEST(NetSpecTest, BadSpecNamesTheLayer) {
  nn::NetSpec spec{"bad", {nn::dense(10)}, {1, 28, 28}, 10, ""};
  try {
    nn::outputShape(spec, 2);
    FAIL() << "expected VerifyError";
  } catch (const VerifyError& e) {
    EXPECT_NE(std::string(e.what()).find("layer 0"), std::string::npos) << e.what();
  }
}

TEST(NetSpecTest, HeInitFollowsTheRecipe) {
  auto tensors = nn::initialParameters(nn::mnistCnn());
  auto params = nn::parameters(nn::mnistCnn());
  ASSERT_EQ(tensors.size(), params.size());
  // First element of the first weight (seed 42), recomputed by hand from FORMATS.md.
  uint64_t s = 43;
  float acc = 0.0f;
  for (int k = 0; k < 3; ++k) {
    s ^= s << 13;
    s ^= s >> 7;
    s ^= s << 17;
    acc += static_cast<float>(s) / static_cast<float>(UINT64_MAX) - 0.5f;
  }
  EXPECT_EQ(tensors[0].get<float>(0), acc * 2.0f * std::sqrt(2.0f / 9.0f));
  EXPECT_EQ(tensors[1].get<float>(5), 1.0f); // gamma
  EXPECT_EQ(tensors[2].get<float>(5), 0.0f); // beta
  // The dense weight's spread is He's: the sum of three U(-1/2, 1/2) times 2·std has std `std`.
  const ir::Tensor& w = tensors[12];
  double sum = 0, sq = 0;
  for (int64_t i = 0; i < w.numElements(); ++i) {
    sum += w.get<float>(i);
    sq += w.get<float>(i) * w.get<float>(i);
  }
  double n = static_cast<double>(w.numElements());
  double stddev = std::sqrt(sq / n - (sum / n) * (sum / n));
  EXPECT_NEAR(stddev, std::sqrt(2.0 / 3136.0), 0.01 * std::sqrt(2.0 / 3136.0));
  EXPECT_EQ(nn::initialParameters(nn::mnistCnn())[12], w); // deterministic
}

TEST(NetSpecTest, DenseForwardMatchesHandComputation) {
  nn::NetSpec spec{"tiny", {nn::flatten(), nn::dense(3, nn::Activation::relu)}, {1, 1, 2}, 3, ""};
  ir::Module m;
  ir::Function& f = m.addFunction("main");
  ir::Builder b(f.body, &m);
  ir::Value* w = f.body.addArgument({ir::ElementType::f32, {2, 3}});
  ir::Value* bias = f.body.addArgument({ir::ElementType::f32, {3}});
  ir::Value* x = f.body.addArgument({ir::ElementType::f32, {1, 1, 1, 2}});
  std::vector<ir::Value*> params = {w, bias};
  f.setResults({nn::emitForward(b, spec, params, x, nn::BnMode::batch).logits});
  ir::verify(m);
  std::vector<ir::Tensor> in = {ir::Tensor::fromVector<float>({2, 3}, {1, -2, 3, 4, 5, -6}),
                                ir::Tensor::fromVector<float>({3}, {0.5f, 0.5f, 0.5f}),
                                ir::Tensor::fromVector<float>({1, 1, 1, 2}, {1, 2})};
  ir::Tensor y = cpu::interpret(m, f, in)[0];
  EXPECT_EQ(y.get<float>(0), 9.5f); // 1 + 8 + .5
  EXPECT_EQ(y.get<float>(1), 8.5f); // -2 + 10 + .5
  EXPECT_EQ(y.get<float>(2), 0.0f); // relu(3 - 12 + .5)
}

TEST(NetSpecTest, BatchNormNormalisesPerChannel) {
  nn::NetSpec spec{"bn", {nn::convBn(2, 1, 1, nn::Activation::identity)}, {1, 2, 2}, 2, ""};
  ir::Module m;
  ir::Function& f = m.addFunction("main");
  ir::Builder b(f.body, &m);
  std::vector<ir::Value*> params;
  for (const auto& p : nn::parameters(spec))
    params.push_back(f.body.addArgument({ir::ElementType::f32, p.shape}));
  ir::Value* x = f.body.addArgument({ir::ElementType::f32, {3, 1, 2, 2}});
  auto fwd = nn::emitForward(b, spec, params, x, nn::BnMode::batch);
  f.setResults({fwd.logits, fwd.batchNorms[0].mean, fwd.batchNorms[0].var});
  ir::verify(m);
  std::vector<ir::Tensor> in = nn::initialParameters(spec);
  in[0] = ir::Tensor::fromVector<float>({2, 1, 1, 1}, {1.0f, 2.0f});
  std::vector<float> xs;
  for (int i = 0; i < 12; ++i) xs.push_back(static_cast<float>(i));
  in.push_back(ir::Tensor::fromVector<float>({3, 1, 2, 2}, xs));
  auto out = cpu::interpret(m, f, in);
  EXPECT_FLOAT_EQ(out[1].get<float>(0), 5.5f);
  EXPECT_FLOAT_EQ(out[1].get<float>(1), 11.0f);
  EXPECT_NEAR(out[2].get<float>(0), 143.0f / 12.0f, 1e-4);
  double mean = 0;
  for (int64_t i = 0; i < 24; ++i) mean += out[0].get<float>(i);
  EXPECT_NEAR(mean / 24, 0.0, 1e-5);
}

} // namespace
