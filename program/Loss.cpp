#include "program/Loss.h"

#include <array>
#include <cmath>
#include <limits>
#include <sstream>
#include <string>

#include "support/Error.h"

namespace hlotrain::program {

using namespace ir;

namespace {

constexpr std::array kKinds = {LossKind::crossEntropy, LossKind::weightedCrossEntropy,
                               LossKind::focal, LossKind::dice, LossKind::diceCrossEntropy};

// Where the exact focal gradient γ·(1 − p)^(γ−1) would be ∞·0 (p rounds to 1), the base is held
// at this floor instead; its gradient there is zero either way.
constexpr float kFocalBaseFloor = 1e-30f;

// Constants take the logits' element type, so a loss builds in f64 too (gradient checks).
struct Constants {
  Builder& b;
  ElementType type;

  Value* scalar(double v) const { return b.splat({type, {}}, v); }
  Value* full(double v, const Shape& shape) const { return b.broadcastInDim(scalar(v), shape, {}); }
};

// Every dim but the class dim 1: where a per-element value broadcasts into the logits' shape.
std::vector<int64_t> elementDims(size_t rank) {
  std::vector<int64_t> dims{0};
  for (size_t d = 2; d < rank; ++d) dims.push_back(static_cast<int64_t>(d));
  return dims;
}

std::vector<int64_t> allDims(size_t rank) {
  std::vector<int64_t> dims;
  for (size_t d = 0; d < rank; ++d) dims.push_back(static_cast<int64_t>(d));
  return dims;
}

// The pieces every loss is made of: log-softmax over the classes and the one-hot labels.
struct Softmax {
  Value* rowMax;
  Value* logp;
  Value* oneHot;
};

Softmax logSoftmax(const Constants& k, Value* logits, Value* labels) {
  Builder& b = k.b;
  const Shape& s = logits->type.shape;
  const std::vector<int64_t> elements = elementDims(s.size());
  Value* rowMax =
      b.reduce(logits, k.scalar(-std::numeric_limits<double>::infinity()), {1}, OpKind::maximum);
  Value* shifted = b.subtract(logits, b.broadcastInDim(rowMax, s, elements));
  Value* sumExp = b.reduce(b.unary(OpKind::exponential, shifted), k.scalar(0.0), {1}, OpKind::add);
  Value* logp = b.subtract(shifted, b.broadcastInDim(b.unary(OpKind::log, sumExp), s, elements));
  Value* hit = b.compare(b.iota({ElementType::i32, s}, 1), b.broadcastInDim(labels, s, elements),
                         ComparisonDirection::EQ);
  return {rowMax, logp, b.convert(hit, k.type)};
}

Value* sumAll(const Constants& k, Value* x) {
  return k.b.reduce(x, k.scalar(0.0), allDims(x->type.rank()), OpKind::add);
}

// Σ over elements and classes of target·log p (weighted per the options), negated and divided by
// the weights' sum: the element count, or Σ w_y for weighted-ce.
Value* crossEntropy(const Constants& k, const Softmax& sm, const LossOptions& o, bool focal) {
  Builder& b = k.b;
  const Shape& s = sm.logp->type.shape;
  const int64_t classes = s[1];
  Value* target = sm.oneHot;
  if (o.labelSmoothing > 0.0f) {
    float ls = o.labelSmoothing;
    target = b.add(b.multiply(target, k.full(1.0f - ls, s)),
                   k.full(ls / static_cast<float>(classes), s));
  }
  Value* perClass = b.multiply(target, sm.logp);
  const float gamma = o.focalGamma.value_or(kDefaultFocalGamma);
  if (focal && gamma != 0.0f) {
    Value* p = b.unary(OpKind::exponential, sm.logp);
    Value* base = b.maximum(b.subtract(k.full(1.0, s), p), k.full(kFocalBaseFloor, s));
    perClass = b.multiply(b.binary(OpKind::power, base, k.full(gamma, s)), perClass);
  }
  if (o.kind != LossKind::weightedCrossEntropy) {
    const int64_t count = sm.logp->type.numElements() / classes;
    Value* total = sumAll(k, perClass);
    return b.divide(b.unary(OpKind::negate, total), k.scalar(static_cast<double>(count)));
  }
  Tensor weightValues({k.type, {classes}});
  for (int64_t c = 0; c < classes; ++c) {
    const float w = o.classWeights[static_cast<size_t>(c)];
    if (k.type == ElementType::f64)
      weightValues.set<double>(c, w);
    else
      weightValues.set<float>(c, w);
  }
  Value* weights = b.constant(std::move(weightValues));
  Value* labelWeight = b.reduce(b.multiply(sm.oneHot, b.broadcastInDim(weights, s, {1})),
                                k.scalar(0.0), {1}, OpKind::add);
  Value* weighted = b.multiply(perClass, b.broadcastInDim(labelWeight, s, elementDims(s.size())));
  Value* total = b.unary(OpKind::negate, sumAll(k, weighted));
  return b.divide(total, sumAll(k, labelWeight));
}

// 1 − mean over classes of the soft Dice (2·I_c + 1)/(P_c + Y_c + 1), with I_c, P_c and Y_c sums
// over the batch and every pixel of p_c·y_c, p_c and y_c.
Value* softDice(const Constants& k, const Softmax& sm) {
  Builder& b = k.b;
  const Shape& s = sm.logp->type.shape;
  const int64_t classes = s[1];
  const std::vector<int64_t> elements = elementDims(s.size());
  Value* p = b.unary(OpKind::exponential, sm.logp);
  auto perClass = [&](Value* x) { return b.reduce(x, k.scalar(0.0), elements, OpKind::add); };
  Value* intersection = perClass(b.multiply(p, sm.oneHot));
  Value* predicted = perClass(p);
  Value* truth = perClass(sm.oneHot);
  const Shape c{classes};
  Value* dice = b.divide(b.add(b.multiply(k.full(2.0, c), intersection), k.full(1.0, c)),
                         b.add(b.add(predicted, truth), k.full(1.0, c)));
  Value* sum = b.reduce(dice, k.scalar(0.0), {0}, OpKind::add);
  Value* mean = b.divide(sum, k.scalar(static_cast<double>(classes)));
  return b.subtract(k.scalar(1.0), mean);
}

std::string str(double v) {
  std::ostringstream out;
  out << v;
  return out.str();
}

std::string flagValue(LossKind kind) {
  return "--loss " + std::string(lossName(kind));
}

} // namespace

std::string_view lossName(LossKind kind) {
  switch (kind) {
  case LossKind::crossEntropy:
    return "ce";
  case LossKind::weightedCrossEntropy:
    return "weighted-ce";
  case LossKind::focal:
    return "focal";
  case LossKind::dice:
    return "dice";
  case LossKind::diceCrossEntropy:
    return "dice-ce";
  }
  return "?";
}

std::optional<LossKind> lossKindFromName(std::string_view name) {
  for (LossKind kind : kKinds)
    if (lossName(kind) == name) return kind;
  return std::nullopt;
}

std::span<const LossKind> allLossKinds() {
  return kKinds;
}

bool isPerPixelOnly(LossKind kind) {
  return kind == LossKind::weightedCrossEntropy || kind == LossKind::dice ||
         kind == LossKind::diceCrossEntropy;
}

void validateLoss(const LossOptions& o, std::optional<int64_t> numClasses) {
  auto fail = [](const std::string& m) { throw ConfigError(m); };
  if (!(o.labelSmoothing >= 0.0f && o.labelSmoothing < 1.0f))
    fail("--label-smoothing must be in [0, 1), got " + str(o.labelSmoothing));
  const bool smoothable =
      o.kind == LossKind::crossEntropy || o.kind == LossKind::weightedCrossEntropy;
  if (o.labelSmoothing > 0.0f && !smoothable)
    fail("--label-smoothing cannot be combined with " + flagValue(o.kind) +
         " (it applies to --loss ce and weighted-ce)");
  if (o.kind == LossKind::weightedCrossEntropy) {
    if (o.classWeights.empty())
      fail("--loss weighted-ce needs --class-weights w0,w1,... (one weight per class)");
    if (numClasses && static_cast<int64_t>(o.classWeights.size()) != *numClasses)
      fail("--class-weights must give one weight per class: " + std::to_string(*numClasses) +
           " expected, " + std::to_string(o.classWeights.size()) + " given");
    for (size_t c = 0; c < o.classWeights.size(); ++c)
      if (!(std::isfinite(o.classWeights[c]) && o.classWeights[c] > 0.0f))
        fail("--class-weights must be finite and > 0, got " + str(o.classWeights[c]) +
             " for class " + std::to_string(c));
  } else if (!o.classWeights.empty()) {
    fail("--class-weights applies to --loss weighted-ce only, not " + flagValue(o.kind));
  }
  if (o.focalGamma && o.kind != LossKind::focal)
    fail("--focal-gamma applies to --loss focal only, not " + flagValue(o.kind));
  if (o.focalGamma && !(std::isfinite(*o.focalGamma) && *o.focalGamma >= 0.0f))
    fail("--focal-gamma must be a finite value >= 0, got " + str(*o.focalGamma));
}

Shape labelShape(const Shape& logits) {
  Shape s;
  for (size_t d = 0; d < logits.size(); ++d)
    if (d != 1) s.push_back(logits[d]);
  return s;
}

LossValues emitLoss(Builder& b, Value* logits, Value* labels, const LossOptions& o) {
  const Constants k{b, logits->type.elementType};
  Softmax sm = logSoftmax(k, logits, labels);
  Value* loss = nullptr;
  switch (o.kind) {
  case LossKind::crossEntropy:
  case LossKind::weightedCrossEntropy:
    loss = crossEntropy(k, sm, o, false);
    break;
  case LossKind::focal:
    loss = crossEntropy(k, sm, o, true);
    break;
  case LossKind::dice:
    loss = softDice(k, sm);
    break;
  case LossKind::diceCrossEntropy: {
    Value* dice = softDice(k, sm);
    loss = b.add(dice, crossEntropy(k, sm, o, false));
    break;
  }
  }
  return {loss, {sm.rowMax}};
}

} // namespace hlotrain::program
