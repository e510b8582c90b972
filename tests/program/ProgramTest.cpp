#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "lower/cpu/Interpreter.h"
#include "mlir/Parser.h"
#include "nn/Init.h"
#include "nn/Zoo.h"
#include "program/Program.h"
#include "support/Error.h"

using namespace hlotrain;

namespace {

TEST(ProgramTest, Names) {
  EXPECT_EQ(program::sanitizedName("MNIST-CNN"), "mnist_cnn");
  EXPECT_EQ(program::sanitizedName("ResNet-18 (v2)!"), "resnet_18_v2_");
  nn::NetSpec spec = nn::mnistCnn().withBuildTag("CE only");
  EXPECT_EQ(program::buildPrefix(spec, "out"), "out/mnist_cnn_ce_only");
  EXPECT_EQ(program::buildPrefix(nn::mnistCnn()), ".hlotrain/mnist_cnn");
  EXPECT_EQ(program::trainFnName(spec), "jit_mnist_cnn_train_step.main");
}

TEST(ProgramTest, InvalidCombinationsAreRejectedBeforeBuilding) {
  program::ProgramOptions o;
  o.weightDecay = 0;
  o.loss.kind = program::LossKind::focal;
  o.loss.labelSmoothing = 0.1f;
  EXPECT_THROW(program::buildTrainStep(nn::mnistLinear(), o), ConfigError);
  o = {};
  o.batch = 0;
  EXPECT_THROW(program::validate(nn::mnistLinear(), o), ConfigError);
  o = {};
  o.momentum = 0.5f;
  EXPECT_THROW(program::validate(nn::mnistLinear(), o), ConfigError);
  o.optimizer = program::Optimizer::sgd;
  EXPECT_NO_THROW(program::validate(nn::mnistLinear(), o));
}

TEST(ProgramTest, SignaturesFollowTheDesign) {
  nn::NetSpec spec = nn::mnistCnn();
  program::ProgramOptions o;
  o.weightDecay = 0;
  o.batch = 2;
  auto step = program::buildTrainStep(spec, o);
  const ir::Function& f = *step->functions[0];
  EXPECT_EQ(step->name, "jit_mnist_cnn_train_step");
  size_t p = nn::parameters(spec).size();
  EXPECT_EQ(f.body.args.size(), 3 * p + 4);
  EXPECT_EQ(f.resultTypes.size(), 3 * p + 1 + 2 * 4);
  EXPECT_EQ(f.resultTypes[3 * p], (ir::TensorType{ir::ElementType::f32, {}}));
  auto eval = program::buildEvalForward(spec, 5);
  EXPECT_EQ(eval->functions[0]->body.args.size(), p + 8 + 1);
  EXPECT_EQ(eval->functions[0]->resultTypes[0], (ir::TensorType{ir::ElementType::f32, {5, 10}}));
}

// --devices N: each replica's step reads batch / N records, and one all_reduce averages every
// gradient, the loss and the BatchNorm statistics before the update; --sync-bn all-reduces the
// statistics' sums in the forward (two per BatchNorm) and the gradient's in the backward (one).
TEST(ProgramTest, DataParallelStepsAverageOverTheirReplicas) {
  const nn::NetSpec spec = nn::mnistCnn();
  program::ProgramOptions o;
  o.batch = 8;
  o.devices = 2;
  const program::TrainStepSignature sig = program::trainStepSignature(spec, o);
  EXPECT_EQ(sig.argument(sig.input, 0).shape, (ir::Shape{4, 1, 28, 28}));
  EXPECT_EQ(sig.argument(sig.labels, 0).shape, (ir::Shape{4}));
  auto collectives = [&](const program::ProgramOptions& options) {
    auto step = program::buildTrainStep(spec, options);
    EXPECT_NE(step->attributes.find("mhlo.num_replicas = " + std::to_string(options.devices)),
              std::string::npos)
        << step->attributes;
    std::vector<size_t> operands;
    for (const auto& op : step->functions[0]->body.ops)
      if (op->kind == ir::OpKind::all_reduce) operands.push_back(op->operands.size());
    return operands;
  };
  const size_t params = nn::parameters(spec).size(), bn = nn::bnChannels(spec).size();
  EXPECT_EQ(collectives(o), (std::vector<size_t>{params + 1 + 2 * bn}));
  o.syncBn = true;
  const std::vector<size_t> synced = collectives(o);
  EXPECT_EQ(synced.size(), 3 * bn + 1);
  EXPECT_EQ(synced.back(), params + 1) << "synced statistics are not averaged again";
  o.devices = 3;
  EXPECT_THROW(program::validate(spec, o), ConfigError) << "3 does not divide 8";
  o.devices = 0;
  EXPECT_THROW(program::validate(spec, o), ConfigError);
  o.devices = 1;
  EXPECT_TRUE(collectives(o).empty()) << "one device: today's graph";
}

// The train step declares its donation once, in the graph: every parameter and optimizer-state
// argument goes to the result that updates it, and nothing else is donated. Every graph is one
// replica, one partition.
TEST(ProgramTest, TheTrainStepDonatesWhatItCarriesToItsUpdate) {
  nn::NetSpec spec = nn::mnistCnn();
  program::ProgramOptions o;
  o.weightDecay = 0;
  o.batch = 2;
  const program::TrainStepSignature sig = program::trainStepSignature(spec, o);
  auto step = program::buildTrainStep(spec, o);
  std::vector<std::optional<int64_t>> donation = mlir::aliasingOutputs(*step->lookup("main"));
  ASSERT_EQ(donation.size(), sig.arguments.size());
  for (size_t i = 0; i < donation.size(); ++i) {
    if (sig.params.contains(i))
      EXPECT_EQ(donation[i], static_cast<int64_t>(sig.newParams[i - sig.params.begin])) << i;
    else if (sig.optState.contains(i))
      EXPECT_EQ(donation[i], static_cast<int64_t>(sig.newOptState[i - sig.optState.begin])) << i;
    else
      EXPECT_FALSE(donation[i]) << i;
  }
  for (auto& module : {program::buildForward(spec, 2), program::buildEvalForward(spec, 2)}) {
    EXPECT_NE(module->attributes.find("mhlo.num_replicas = 1 : i32"), std::string::npos);
    for (const std::optional<int64_t>& d : mlir::aliasingOutputs(*module->lookup("main")))
      EXPECT_FALSE(d);
  }
}

// One Adam step of MNIST-Linear against the same math written out in double precision.
TEST(ProgramTest, LinearAdamStepMatchesHandComputation) {
  const int64_t batch = 4, features = 784, classes = 10;
  const float lr = 1e-3f, wd = 1e-4f, ls = 0.1f;
  nn::NetSpec spec = nn::mnistLinear();
  program::ProgramOptions o;
  o.batch = batch;
  o.weightDecay = wd;
  o.loss.labelSmoothing = ls;
  auto module = program::buildTrainStep(spec, o);

  std::vector<ir::Tensor> params = nn::initialParameters(spec);
  std::vector<ir::Tensor> in = params;
  for (int k = 0; k < 2; ++k)
    for (const auto& p : params) in.push_back(ir::Tensor(p.type()));
  std::mt19937 rng(3);
  std::uniform_real_distribution<float> u(0.0f, 1.0f);
  ir::Tensor x({ir::ElementType::f32, {batch, 1, 28, 28}});
  for (int64_t i = 0; i < x.numElements(); ++i) x.set<float>(i, u(rng));
  std::vector<int32_t> labels = {1, 3, 5, 7};
  in.push_back(x);
  in.push_back(ir::Tensor::fromVector<int32_t>({batch}, labels));
  in.push_back(ir::Tensor::scalar<float>(lr));
  in.push_back(ir::Tensor::scalar<float>(1.0f));
  auto out = cpu::interpret(*module, *module->functions[0], in);

  const ir::Tensor& w = params[0];
  const ir::Tensor& bias = params[1];
  std::vector<double> gw(features * classes, 0.0), gb(classes, 0.0);
  double loss = 0;
  for (int64_t n = 0; n < batch; ++n) {
    std::vector<double> z(classes);
    for (int64_t c = 0; c < classes; ++c) {
      z[c] = bias.get<float>(c);
      for (int64_t f = 0; f < features; ++f)
        z[c] += double(x.get<float>(n * features + f)) * w.get<float>(f * classes + c);
    }
    double mx = *std::max_element(z.begin(), z.end()), sum = 0;
    for (double v : z) sum += std::exp(v - mx);
    for (int64_t c = 0; c < classes; ++c) {
      double logp = z[c] - mx - std::log(sum);
      double target = (c == labels[n] ? 1.0 - ls : 0.0) + ls / classes;
      loss -= target * logp / batch;
      double dz = (std::exp(logp) - target) / batch;
      gb[c] += dz;
      for (int64_t f = 0; f < features; ++f)
        gw[f * classes + c] += dz * x.get<float>(n * features + f);
    }
  }
  EXPECT_NEAR(out[6].get<float>(0), loss, 1e-5 * loss);
  auto adam = [&](double p, double g, bool decay) { // first step: m̂ = g, v̂ = g²
    double next = p - lr * g / (std::abs(g) + 1e-8);
    return decay ? next - lr * wd * p : next;
  };
  for (int64_t i = 0; i < w.numElements(); ++i)
    ASSERT_NEAR(out[0].get<float>(i), adam(w.get<float>(i), gw[i], true), 2e-6) << "w " << i;
  for (int64_t c = 0; c < classes; ++c) {
    EXPECT_NEAR(out[1].get<float>(c), adam(bias.get<float>(c), gb[c], false), 2e-6);
    EXPECT_NEAR(out[3].get<float>(c), 0.1 * gb[c], 1e-6); // m of the bias
  }
}

// --clip-grad-norm in the graph: one SGD step (momentum 0, lr 1, no decay) of MNIST-Linear moves
// every parameter by minus its gradient, so the clipped step is the unclipped one scaled by
// min(1, C / (‖g‖ + 1e-6)), ‖g‖ the L2 norm over both tensors' gradients; a limit above the
// norm leaves the step as it was. Invalid limits are refused naming the flag.
TEST(ProgramTest, ClipGradNormScalesEveryGradientByTheGlobalNorm) {
  const int64_t batch = 3;
  nn::NetSpec spec = nn::mnistLinear();
  std::vector<ir::Tensor> params = nn::initialParameters(spec);
  std::mt19937 rng(5);
  std::uniform_real_distribution<float> u(0.0f, 1.0f);
  ir::Tensor x({ir::ElementType::f32, {batch, 1, 28, 28}});
  for (int64_t i = 0; i < x.numElements(); ++i) x.set<float>(i, u(rng));
  auto step = [&](std::optional<float> clip) {
    program::ProgramOptions o;
    o.weightDecay = 0;
    o.batch = batch;
    o.optimizer = program::Optimizer::sgd;
    o.momentum = 0.0f;
    o.clipGradNorm = clip;
    auto module = program::buildTrainStep(spec, o);
    std::vector<ir::Tensor> in = params;
    for (const auto& p : params) in.push_back(ir::Tensor(p.type()));
    in.push_back(x);
    in.push_back(ir::Tensor::fromVector<int32_t>({batch}, {0, 4, 9}));
    in.push_back(ir::Tensor::scalar<float>(1.0f));
    in.push_back(ir::Tensor::scalar<float>(1.0f));
    std::vector<ir::Tensor> out = cpu::interpret(*module, *module->functions[0], in);
    std::vector<double> delta;
    for (size_t k = 0; k < params.size(); ++k)
      for (int64_t i = 0; i < params[k].numElements(); ++i)
        delta.push_back(double(params[k].get<float>(i)) - out[k].get<float>(i));
    return delta;
  };
  const std::vector<double> g = step(std::nullopt);
  double norm = 0;
  for (double v : g) norm += v * v;
  norm = std::sqrt(norm);
  ASSERT_GT(norm, 0.1);
  const float limit = static_cast<float>(norm / 4);
  const double scale = limit / (norm + 1e-6);
  const std::vector<double> clipped = step(limit);
  ASSERT_EQ(clipped.size(), g.size());
  for (size_t i = 0; i < g.size(); ++i)
    ASSERT_NEAR(clipped[i], scale * g[i], 1e-4 * std::abs(g[i]) + 1e-7) << i;
  const std::vector<double> loose = step(static_cast<float>(norm * 4));
  for (size_t i = 0; i < g.size(); ++i) ASSERT_NEAR(loose[i], g[i], 1e-7) << i;

  for (float bad : {0.0f, -1.0f, std::nanf(""), INFINITY}) {
    program::ProgramOptions o;
    o.weightDecay = 0;
    o.clipGradNorm = bad;
    try {
      program::validate(spec, o);
      ADD_FAILURE() << bad;
    } catch (const ConfigError& e) {
      EXPECT_NE(std::string(e.what()).find("--clip-grad-norm"), std::string::npos) << e.what();
    }
  }
}

// A small conv net with BN, SGD: the loss on a fixed batch falls.
TEST(ProgramTest, SmallConvNetLossFalls) {
  nn::NetSpec spec{"tiny-cnn",
                   {nn::convBn(4, 3), nn::maxPool(2, 2), nn::flatten(), nn::dense(3)},
                   {1, 6, 6},
                   3,
                   ""};
  program::ProgramOptions o;
  o.weightDecay = 0;
  o.batch = 6;
  o.optimizer = program::Optimizer::sgd;
  auto module = program::buildTrainStep(spec, o);
  std::vector<ir::Tensor> state = nn::initialParameters(spec);
  size_t p = state.size();
  for (size_t i = 0; i < p; ++i) state.push_back(ir::Tensor(state[i].type()));
  ir::Tensor x({ir::ElementType::f32, {6, 1, 6, 6}});
  std::vector<int32_t> labels = {0, 1, 2, 0, 1, 2};
  for (int64_t n = 0; n < 6; ++n)
    for (int64_t i = 0; i < 36; ++i)
      x.set<float>(n * 36 + i, (i % 6 == labels[n] * 2) ? 1.0f : 0.1f * float(i % 5));
  float first = 0, last = 0;
  for (int s = 1; s <= 15; ++s) {
    std::vector<ir::Tensor> in = state;
    in.push_back(x);
    in.push_back(ir::Tensor::fromVector<int32_t>({6}, labels));
    in.push_back(ir::Tensor::scalar<float>(0.1f));
    in.push_back(ir::Tensor::scalar<float>(float(s)));
    auto out = cpu::interpret(*module, *module->functions[0], in);
    float loss = out[2 * p].get<float>(0);
    if (s == 1) first = loss;
    last = loss;
    for (size_t i = 0; i < 2 * p; ++i) state[i] = out[i];
  }
  EXPECT_LT(last, 0.3f * first) << "first " << first << " last " << last;
}

} // namespace
