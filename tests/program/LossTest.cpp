// The per-pixel losses against their definitions written out in double precision, their
// gradients against finite differences, and the combinations refused before any graph is built.

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <random>
#include <unordered_set>

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
  f.setResults({program::emitLoss(b, x, std::span(&y, 1), o).loss});
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
  case LossKind::yolov1:
    break; // YoloLossTest below
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
         " gamma " + std::to_string(o.focalGamma.value_or(-1)) + " diou " +
         std::to_string(o.boxLoss == program::BoxLoss::diou) + " box-param " +
         std::string(program::boxParamName(o.boxParam));
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
          ir::Value* y = b.constant(labels);
          return program::emitLoss(b, a[0], std::span(&y, 1), o).loss;
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

TEST(LossTest, MixingNeedsPositiveAlphasAndCrossEntropy) {
  LossOptions o;
  o.cutmixAlpha = 0.0f;
  EXPECT_EQ(refusal(o), "--cutmix must be a finite alpha > 0 or off, got 0");
  o.cutmixAlpha = 1.0f;
  EXPECT_EQ(refusal(o), "accepted");
  o.kind = LossKind::focal;
  EXPECT_EQ(refusal(o),
            "--cutmix and --mixup train on soft targets, which --loss ce reads, not --loss focal");
  o = {};
  o.mixProb = 0.5f;
  EXPECT_EQ(refusal(o), "--mix-prob applies with --cutmix or --mixup only");
  o.mixupAlpha = 0.8f;
  EXPECT_EQ(refusal(o), "accepted");
  o.mixProb = 0.0f;
  EXPECT_EQ(refusal(o), "--mix-prob must be in (0, 1], got 0");
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
  EXPECT_EQ(refusal(o), "--focal-gamma applies to --loss focal and yolov1 only, not --loss ce");
  o.kind = LossKind::focal;
  o.focalGamma = -1.0f;
  EXPECT_EQ(refusal(o), "--focal-gamma must be a finite value >= 0, got -1");
  o.focalGamma = 0.0f;
  EXPECT_EQ(refusal(o), "accepted");
  o = {};
  o.labelSmoothing = 1.0f;
  EXPECT_EQ(refusal(o), "--label-smoothing must be in [0, 1), got 1");
  o = {};
  o.kind = LossKind::yolov1;
  o.labelSmoothing = 0.1f;
  EXPECT_EQ(refusal(o).rfind("--label-smoothing cannot be combined with --loss yolov1", 0), 0u);
  o.labelSmoothing = 0;
  o.focalGamma = 1.5f;
  o.boxLoss = program::BoxLoss::diou;
  EXPECT_EQ(refusal(o), "accepted");
  o.kind = LossKind::crossEntropy;
  o.focalGamma.reset();
  EXPECT_EQ(refusal(o), "--box-loss applies to --loss yolov1 only, not --loss ce");
  o.boxLoss = program::BoxLoss::sqrtWh;
  o.boxParam = program::BoxParam::sqrtOfPrediction;
  EXPECT_EQ(refusal(o), "--box-param applies to --loss yolov1 only, not --loss ce");
}

// YOLOv1: head and target [2, 30, 3, 3], mask [2, 3, 3] with some object cells.
constexpr int64_t kGrid = 3;
const ir::Shape kHead = {2, 30, kGrid, kGrid};

struct YoloCase {
  ir::Tensor head, target, mask;
};

YoloCase yoloCase(uint32_t seed) {
  std::mt19937 rng(seed);
  YoloCase c{gradcheck::randomTensor({ir::ElementType::f64, kHead}, -1.0, 1.0, rng),
             ir::Tensor({ir::ElementType::f64, kHead}),
             ir::Tensor({ir::ElementType::f64, {2, kGrid, kGrid}})};
  std::uniform_real_distribution<double> u(0.05, 0.95);
  for (int64_t n = 0; n < 2; ++n)
    for (int64_t cell = 0; cell < kGrid * kGrid; ++cell) {
      const bool object = (n + cell) % 3 == 0;
      c.mask.set<double>(n * kGrid * kGrid + cell, object ? 1.0 : 0.0);
      if (!object) continue;
      auto at = [&](int64_t ch) { return (n * 30 + ch) * kGrid * kGrid + cell; };
      for (int64_t ch = 0; ch < 4; ++ch) c.target.set<double>(at(ch), u(rng));
      c.target.set<double>(at(4), 1.0);
      c.target.set<double>(at(10 + (cell % 4)), 1.0);
      // Predicted sizes mostly positive, one at ε's side of the clamp.
      c.head.set<double>(at(2), cell == 0 ? 1e-9 : u(rng));
      c.head.set<double>(at(3), u(rng));
    }
  return c;
}

// FORMATS.md's masked loss, cell by cell.
double yoloReference(const LossOptions& o, const YoloCase& c) {
  const double eps = 1e-6, gamma = o.focalGamma.value_or(0);
  double total = 0;
  for (int64_t n = 0; n < 2; ++n)
    for (int64_t cell = 0; cell < kGrid * kGrid; ++cell) {
      auto p = [&](int64_t ch) { return c.head.get<double>((n * 30 + ch) * kGrid * kGrid + cell); };
      auto t = [&](int64_t ch) {
        return c.target.get<double>((n * 30 + ch) * kGrid * kGrid + cell);
      };
      const double m = c.mask.get<double>(n * kGrid * kGrid + cell);
      const bool sqrtOfPrediction = o.boxParam == program::BoxParam::sqrtOfPrediction;
      double box;
      if (o.boxLoss == program::BoxLoss::sqrtWh) {
        box = std::pow(p(0) - t(0), 2) + std::pow(p(1) - t(1), 2);
        for (int64_t ch : {2, 3})
          box += std::pow(
              (sqrtOfPrediction ? std::sqrt(std::max(p(ch), eps)) : p(ch)) - std::sqrt(t(ch)), 2);
      } else {
        const double g = kGrid;
        const auto size = [&](int64_t ch) {
          return sqrtOfPrediction ? std::max(p(ch), 0.0) : p(ch) * p(ch);
        };
        const double pw = size(2), ph = size(3), tw = t(2), th = t(3);
        const double px = p(0) / g, py = p(1) / g, tx = t(0) / g, ty = t(1) / g;
        const double iw =
            std::max(0.0, std::min(px + pw / 2, tx + tw / 2) - std::max(px - pw / 2, tx - tw / 2));
        const double ih =
            std::max(0.0, std::min(py + ph / 2, ty + th / 2) - std::max(py - ph / 2, ty - th / 2));
        const double inter = iw * ih, iou = inter / (pw * ph + tw * th - inter + eps);
        const double cw = std::max(px + pw / 2, tx + tw / 2) - std::min(px - pw / 2, tx - tw / 2);
        const double ch = std::max(py + ph / 2, ty + th / 2) - std::min(py - ph / 2, ty - th / 2);
        const double rho = std::pow(px - tx, 2) + std::pow(py - ty, 2);
        box = 1 - (iou - rho / (cw * cw + ch * ch + eps));
      }
      double objectness;
      if (!o.focalGamma) {
        objectness = m * std::pow(p(4) - 1, 2) + 0.5 * (1 - m) * p(4) * p(4);
      } else {
        const double prob = 1 / (1 + std::exp(-p(4)));
        const double pt = m * prob + (1 - m) * (1 - prob);
        objectness = -std::pow(1 - pt, gamma) * (m * std::log(prob) + (1 - m) * std::log(1 - prob));
      }
      double mx = -INFINITY, sum = 0, ce = 0;
      for (int64_t k = 10; k < 30; ++k) mx = std::max(mx, p(k));
      for (int64_t k = 10; k < 30; ++k) sum += std::exp(p(k) - mx);
      for (int64_t k = 10; k < 30; ++k) ce -= t(k) * (p(k) - mx - std::log(sum));
      total += 5 * m * box + objectness + 0.5 * p(9) * p(9) + m * ce;
    }
  return total / 2;
}

// Each objectness and box loss, the box sizes read either way.
std::vector<LossOptions> yoloLosses() {
  std::vector<LossOptions> losses(6);
  for (LossOptions& o : losses) o.kind = LossKind::yolov1;
  losses[1].focalGamma = 2.0f;
  losses[2].focalGamma = 0.0f;
  losses[3].boxLoss = program::BoxLoss::diou;
  losses[4].boxParam = program::BoxParam::sqrtOfPrediction;
  losses[5].boxLoss = program::BoxLoss::diou;
  losses[5].boxParam = program::BoxParam::sqrtOfPrediction;
  return losses;
}

program::LossValues yoloLossOf(ir::Builder& b, ir::Value* head, const YoloCase& c,
                               const LossOptions& o) {
  ir::Value* labels[] = {b.constant(c.target), b.constant(c.mask)};
  return program::emitLoss(b, head, labels, o);
}

TEST(YoloLossTest, MatchesFormatsDefinition) {
  const YoloCase c = yoloCase(4);
  for (const LossOptions& o : yoloLosses()) {
    ir::Module m;
    ir::Function& f = m.addFunction("main");
    ir::Builder b(f.body, &m);
    ir::Value* head = f.body.addArgument(c.head.type());
    f.setResults({yoloLossOf(b, head, c, o).loss});
    const double emittedLoss = cpu::interpret(m, f, std::vector{c.head})[0].get<double>(0);
    EXPECT_NEAR(emittedLoss, yoloReference(o, c), 1e-10 * std::abs(yoloReference(o, c)))
        << describe(o);
  }
  EXPECT_EQ(program::labelTypes({LossKind::yolov1}, kHead),
            (std::vector<ir::TensorType>{{ir::ElementType::f32, kHead},
                                         {ir::ElementType::f32, {2, kGrid, kGrid}}}));
}

// The gradient where the focal weight is detached: d/dx of w·BCE with w held constant.
double focalDetachedGradient(const YoloCase& c, double gamma, int64_t index) {
  const double x = c.head.get<double>(index);
  const int64_t cells = kGrid * kGrid, n = index / (30 * cells), cell = index % cells;
  const double m = c.mask.get<double>(n * cells + cell);
  const double prob = 1 / (1 + std::exp(-x)), pt = m * prob + (1 - m) * (1 - prob);
  return std::pow(1 - pt, gamma) * (prob - m) / 2;
}

TEST(YoloLossTest, GradientsMatchFiniteDifferencesWithTheFocalWeightDetached) {
  const YoloCase c = yoloCase(8);
  for (const LossOptions& o : yoloLosses()) {
    SCOPED_TRACE(describe(o));
    auto gradients = [](ir::Builder& b, std::span<ir::Value* const> a, ir::Value* loss,
                        ir::Value*) {
      ir::Value* seed = b.scalar<double>(1.0);
      return grad::vjp(b, std::span(&loss, 1), std::span(&seed, 1), a);
    };
    if (!o.focalGamma || *o.focalGamma == 0.0f) {
      gradcheck::checkGradients(
          {{kHead}},
          [&](ir::Builder& b, std::span<ir::Value* const> a) {
            return yoloLossOf(b, a[0], c, o).loss;
          },
          gradients, 1e-6);
      continue;
    }
    // With γ > 0 the weight is a constant of differentiation: the objectness gradient is
    // w·(σ(x) − m)/B, not the derivative of the whole product.
    ir::Module m;
    ir::Function& f = m.addFunction("main");
    ir::Builder b(f.body, &m);
    ir::Value* head = f.body.addArgument(c.head.type());
    program::LossValues values = yoloLossOf(b, head, c, o);
    ir::Value* seed = b.scalar<double>(1.0);
    const std::unordered_set<const ir::Value*> constants(values.constants.begin(),
                                                         values.constants.end());
    f.setResults({grad::vjp(b, std::span(&values.loss, 1), std::span(&seed, 1), std::span(&head, 1),
                            constants)[0]});
    const ir::Tensor g = cpu::interpret(m, f, std::vector{c.head})[0];
    for (int64_t n = 0; n < 2; ++n)
      for (int64_t cell = 0; cell < kGrid * kGrid; ++cell) {
        const int64_t index = (n * 30 + 4) * kGrid * kGrid + cell;
        EXPECT_NEAR(g.get<double>(index), focalDetachedGradient(c, *o.focalGamma, index), 1e-12)
            << "cell " << cell;
      }
  }
}

// The paper's form has no dead zone: a size channel pushed to or below 0 still gets the gradient
// 2·5·(p − √t)/B that pulls it back, where the reference form's is exactly 0.
TEST(YoloLossTest, SqrtSizesKeepTheirGradientBelowZero) {
  YoloCase c = yoloCase(3);
  const int64_t index = (0 * 30 + 2) * kGrid * kGrid + 0; // w of record 0's object cell 0
  c.head.set<double>(index, -0.3);
  for (program::BoxParam param : {program::BoxParam::sqrt, program::BoxParam::sqrtOfPrediction}) {
    LossOptions o;
    o.kind = LossKind::yolov1;
    o.boxParam = param;
    ir::Module m;
    ir::Function& f = m.addFunction("main");
    ir::Builder b(f.body, &m);
    ir::Value* head = f.body.addArgument(c.head.type());
    ir::Value* loss = yoloLossOf(b, head, c, o).loss;
    ir::Value* seed = b.scalar<double>(1.0);
    f.setResults({grad::vjp(b, std::span(&loss, 1), std::span(&seed, 1), std::span(&head, 1))[0]});
    const double g = cpu::interpret(m, f, std::vector{c.head})[0].get<double>(index);
    const double expected = param == program::BoxParam::sqrt
                                ? 5.0 * 2.0 * (-0.3 - std::sqrt(c.target.get<double>(index))) / 2.0
                                : 0.0;
    EXPECT_NEAR(g, expected, 1e-12) << program::boxParamName(param);
  }
}

// CutMix's and mixup's soft targets [B, NC] (f32 in the train step): −(1/B) Σ t·log p with label
// smoothing on top, one-hot targets giving exactly the class-index loss, and the gradient
// matching finite differences.
TEST(LossTest, SoftTargetsAreCrossEntropyAgainstTheMixedLabels) {
  std::mt19937 rng(4);
  const ir::Tensor logits = gradcheck::randomTensor({ir::ElementType::f64, {3, 5}}, -2, 2, rng);
  ir::Tensor soft({ir::ElementType::f64, {3, 5}}), oneHot({ir::ElementType::f64, {3, 5}});
  const double lambda[] = {0.7, 1.0, 0.25};
  const int32_t own[] = {1, 4, 0}, partner[] = {3, 4, 2};
  for (int64_t n = 0; n < 3; ++n) {
    soft.set<double>(n * 5 + own[n], lambda[n]);
    soft.set<double>(n * 5 + partner[n], soft.get<double>(n * 5 + partner[n]) + 1 - lambda[n]);
    oneHot.set<double>(n * 5 + own[n], 1.0);
  }
  for (float smoothing : {0.0f, 0.1f}) {
    LossOptions o;
    o.labelSmoothing = smoothing;
    o.mixupAlpha = 0.8f;
    double expected = 0;
    for (int64_t n = 0; n < 3; ++n) {
      double mx = -INFINITY, sum = 0;
      for (int64_t c = 0; c < 5; ++c) mx = std::max(mx, logits.get<double>(n * 5 + c));
      for (int64_t c = 0; c < 5; ++c) sum += std::exp(logits.get<double>(n * 5 + c) - mx);
      for (int64_t c = 0; c < 5; ++c)
        expected -= ((1 - smoothing) * soft.get<double>(n * 5 + c) + smoothing / 5) *
                    (logits.get<double>(n * 5 + c) - mx - std::log(sum)) / 3;
    }
    EXPECT_NEAR(emitted(o, logits, soft), expected, 1e-12);
    LossOptions plain;
    plain.labelSmoothing = smoothing;
    EXPECT_NEAR(emitted(o, logits, oneHot),
                emitted(plain, logits, ir::Tensor::fromVector<int32_t>({3}, {1, 4, 0})), 1e-14);
  }
  LossOptions o;
  o.cutmixAlpha = 1.0f;
  gradcheck::checkGradients(
      {{{3, 5}, -2, 2}},
      [&](ir::Builder& b, std::span<ir::Value* const> a) {
        ir::Value* targets = b.constant(soft);
        program::LossValues v = program::emitLoss(b, a[0], std::span(&targets, 1), o);
        return v.loss;
      },
      [](ir::Builder& b, std::span<ir::Value* const> a, ir::Value* loss, ir::Value*) {
        ir::Value* seed = b.scalar<double>(1.0);
        return grad::vjp(b, std::span(&loss, 1), std::span(&seed, 1), a);
      });
}

TEST(LossTest, NamesRoundTrip) {
  for (LossKind kind : program::allLossKinds())
    EXPECT_EQ(program::lossKindFromName(program::lossName(kind)), kind);
  EXPECT_FALSE(program::lossKindFromName("bce"));
  for (program::BoxParam param : {program::BoxParam::sqrt, program::BoxParam::sqrtOfPrediction})
    EXPECT_EQ(program::boxParamFromName(program::boxParamName(param)), param);
  EXPECT_FALSE(program::boxParamFromName("sqrt-wh"));
  EXPECT_EQ(program::labelTypes({LossKind::dice}, {8, 4, 16, 16}),
            (std::vector<ir::TensorType>{{ir::ElementType::i32, {8, 16, 16}}}));
  EXPECT_EQ(program::labelTypes({LossKind::crossEntropy}, {8, 10}),
            (std::vector<ir::TensorType>{{ir::ElementType::i32, {8}}}));
}

} // namespace
