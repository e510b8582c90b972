// The per-pixel losses against their definitions written out in double precision, their
// gradients against finite differences, and the combinations refused before any graph is built.

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <random>

#include "grad/Vjp.h"
#include "lower/cpu/Interpreter.h"
#include "program/Loss.h"
#include "support/Error.h"
#include "tests/grad/GradientCheck.h"

using namespace hlotrain;
using program::LossKind;
using program::LossOptions;

namespace {

constexpr int64_t kBatch = 2, kClasses = 4, kSide = 3;
const ir::Shape kLogits = {kBatch, kClasses, kSide, kSide};
const ir::Shape kLabels = {kBatch, kSide, kSide};

ir::Tensor randomLabels(uint32_t seed) {
  std::mt19937 rng(seed);
  ir::Tensor t({ir::ElementType::i32, kLabels});
  for (int64_t i = 0; i < t.numElements(); ++i) t.set<int32_t>(i, static_cast<int32_t>(rng() % 4));
  return t;
}

// The loss of `logits` (f64) for `labels`, by the reference interpreter.
double emitted(const LossOptions& o, const ir::Tensor& logits, const ir::Tensor& labels) {
  ir::Module m;
  ir::Function& f = m.addFunction("main");
  ir::Builder b(f.body, &m);
  ir::Value* x = f.body.addArgument(logits.type());
  ir::Value* y = f.body.addArgument(labels.type());
  f.setResults({program::emitLoss(b, x, y, o).loss});
  return cpu::interpret(m, f, std::vector{logits, labels})[0].get<double>(0);
}

// The definitions, element by element: p = softmax over the class dim of [B, C, H, W].
double reference(const LossOptions& o, const ir::Tensor& logits, const ir::Tensor& labels) {
  const int64_t pixels = kSide * kSide, elements = kBatch * pixels;
  auto logit = [&](int64_t n, int64_t c, int64_t p) {
    return logits.get<double>((n * kClasses + c) * pixels + p);
  };
  std::vector<double> intersection(kClasses, 0), predicted(kClasses, 0), truth(kClasses, 0);
  double ce = 0, weighted = 0, weights = 0, focal = 0;
  const double gamma = o.focalGamma.value_or(program::kDefaultFocalGamma);
  for (int64_t n = 0; n < kBatch; ++n)
    for (int64_t p = 0; p < pixels; ++p) {
      const int32_t y = labels.get<int32_t>(n * pixels + p);
      double mx = -INFINITY, sum = 0;
      for (int64_t c = 0; c < kClasses; ++c) mx = std::max(mx, logit(n, c, p));
      for (int64_t c = 0; c < kClasses; ++c) sum += std::exp(logit(n, c, p) - mx);
      double pixelCe = 0;
      for (int64_t c = 0; c < kClasses; ++c) {
        const double logp = logit(n, c, p) - mx - std::log(sum), prob = std::exp(logp);
        const double hit = c == y ? 1.0 : 0.0;
        const double target = hit * (1 - o.labelSmoothing) + o.labelSmoothing / kClasses;
        pixelCe -= target * logp;
        focal -= std::pow(1 - prob, gamma) * hit * logp;
        intersection[c] += prob * hit;
        predicted[c] += prob;
        truth[c] += hit;
      }
      ce += pixelCe;
      if (!o.classWeights.empty()) {
        weighted += o.classWeights[static_cast<size_t>(y)] * pixelCe;
        weights += o.classWeights[static_cast<size_t>(y)];
      }
    }
  double dice = 0;
  for (int64_t c = 0; c < kClasses; ++c)
    dice += (2 * intersection[c] + 1) / (predicted[c] + truth[c] + 1);
  const double diceLoss = 1 - dice / kClasses;
  switch (o.kind) {
  case LossKind::crossEntropy:
    return ce / elements;
  case LossKind::weightedCrossEntropy:
    return weighted / weights;
  case LossKind::focal:
    return focal / elements;
  case LossKind::dice:
    return diceLoss;
  case LossKind::diceCrossEntropy:
    return diceLoss + ce / elements;
  }
  return NAN;
}

std::vector<LossOptions> everyLoss() {
  std::vector<LossOptions> losses(8);
  losses[1].labelSmoothing = 0.2f;
  losses[2].kind = LossKind::weightedCrossEntropy;
  losses[2].classWeights = {0.25f, 1.0f, 2.0f, 4.0f};
  losses[3] = losses[2];
  losses[3].labelSmoothing = 0.1f; // the weight still comes from the raw label
  losses[4].kind = LossKind::focal;
  losses[5].kind = LossKind::focal;
  losses[5].focalGamma = 0.5f;
  losses[6].kind = LossKind::dice;
  losses[7].kind = LossKind::diceCrossEntropy;
  return losses;
}

std::string describe(const LossOptions& o) {
  return std::string(program::lossName(o.kind)) + " ls " + std::to_string(o.labelSmoothing) +
         " gamma " + std::to_string(o.focalGamma.value_or(-1));
}

TEST(LossTest, PerPixelLossesMatchTheirDefinitions) {
  std::mt19937 rng(5);
  ir::Tensor logits = gradcheck::randomTensor({ir::ElementType::f64, kLogits}, -3.0, 3.0, rng);
  ir::Tensor labels = randomLabels(9);
  for (const LossOptions& o : everyLoss())
    EXPECT_NEAR(emitted(o, logits, labels), reference(o, logits, labels), 1e-12) << describe(o);
  // Focal with gamma 0 is exactly cross-entropy.
  LossOptions focal0;
  focal0.kind = LossKind::focal;
  focal0.focalGamma = 0.0f;
  EXPECT_EQ(emitted(focal0, logits, labels), emitted(LossOptions{}, logits, labels));
}

// The exact gradients (focal's weight is differentiated, not detached) against central
// differences of the same f64 graph.
TEST(LossTest, PerPixelLossGradientsMatchFiniteDifferences) {
  const ir::Tensor labels = randomLabels(3);
  for (const LossOptions& o : everyLoss()) {
    SCOPED_TRACE(describe(o));
    gradcheck::checkGradients(
        {{kLogits, -3.0, 3.0}},
        [&](ir::Builder& b, std::span<ir::Value* const> a) {
          return program::emitLoss(b, a[0], b.constant(labels), o).loss;
        },
        [](ir::Builder& b, std::span<ir::Value* const> a, ir::Value* loss, ir::Value*) {
          ir::Value* seed = b.scalar<double>(1.0);
          return grad::vjp(b, std::span(&loss, 1), std::span(&seed, 1), a);
        },
        1e-7);
  }
}

std::string refusal(const LossOptions& o, std::optional<int64_t> classes = 4) {
  try {
    program::validateLoss(o, classes);
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "accepted";
}

TEST(LossTest, InvalidCombinationsNameTheirFlags) {
  LossOptions o;
  o.kind = LossKind::dice;
  o.labelSmoothing = 0.1f;
  EXPECT_EQ(refusal(o).rfind("--label-smoothing cannot be combined with --loss dice", 0), 0u);
  o.kind = LossKind::diceCrossEntropy;
  EXPECT_NE(refusal(o).find("--loss dice-ce"), std::string::npos);
  o.kind = LossKind::focal;
  EXPECT_NE(refusal(o).find("--loss focal"), std::string::npos);
  o = {};
  o.kind = LossKind::weightedCrossEntropy;
  EXPECT_EQ(refusal(o).rfind("--loss weighted-ce needs --class-weights", 0), 0u);
  o.classWeights = {1, 2, 3};
  EXPECT_EQ(refusal(o), "--class-weights must give one weight per class: 4 expected, 3 given");
  EXPECT_EQ(refusal(o, std::nullopt), "accepted"); // the class count is checked with the net
  o.classWeights = {1, 2, 0, 4};
  EXPECT_EQ(refusal(o), "--class-weights must be finite and > 0, got 0 for class 2");
  o.classWeights = {1, 2, NAN, 4};
  EXPECT_NE(refusal(o).find("finite and > 0"), std::string::npos);
  o.classWeights = {1, 2, 3, 4};
  EXPECT_EQ(refusal(o), "accepted");
  o.kind = LossKind::crossEntropy;
  EXPECT_EQ(refusal(o), "--class-weights applies to --loss weighted-ce only, not --loss ce");
  o = {};
  o.focalGamma = 1.0f;
  EXPECT_EQ(refusal(o), "--focal-gamma applies to --loss focal only, not --loss ce");
  o.kind = LossKind::focal;
  o.focalGamma = -1.0f;
  EXPECT_EQ(refusal(o), "--focal-gamma must be a finite value >= 0, got -1");
  o.focalGamma = 0.0f;
  EXPECT_EQ(refusal(o), "accepted");
  o = {};
  o.labelSmoothing = 1.0f;
  EXPECT_EQ(refusal(o), "--label-smoothing must be in [0, 1), got 1");
}

TEST(LossTest, NamesRoundTrip) {
  for (LossKind kind : program::allLossKinds())
    EXPECT_EQ(program::lossKindFromName(program::lossName(kind)), kind);
  EXPECT_FALSE(program::lossKindFromName("bce"));
  EXPECT_EQ(program::labelShape({8, 4, 16, 16}), (ir::Shape{8, 16, 16}));
  EXPECT_EQ(program::labelShape({8, 10}), (ir::Shape{8}));
}

} // namespace
