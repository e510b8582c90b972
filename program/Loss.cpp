#include "program/Loss.h"

#include <array>
#include <cmath>
#include <limits>
#include <string>

#include "support/Error.h"
#include "support/Format.h"
#include "support/YoloLayout.h"

namespace hlotrain::program {

using namespace ir;

namespace {

constexpr std::array kKinds = {
    LossKind::crossEntropy, LossKind::weightedCrossEntropy, LossKind::focal,
    LossKind::dice,         LossKind::diceCrossEntropy,     LossKind::yolov1};

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

// `labels` class indices, or (`soft`) the targets themselves.
Softmax logSoftmax(const Constants& k, Value* logits, Value* labels, bool soft) {
  Builder& b = k.b;
  const Shape& s = logits->type.shape;
  const std::vector<int64_t> elements = elementDims(s.size());
  Value* rowMax =
      b.reduce(logits, k.scalar(-std::numeric_limits<double>::infinity()), {1}, OpKind::maximum);
  Value* shifted = b.subtract(logits, b.broadcastInDim(rowMax, s, elements));
  Value* sumExp = b.reduce(b.unary(OpKind::exponential, shifted), k.scalar(0.0), {1}, OpKind::add);
  Value* logp = b.subtract(shifted, b.broadcastInDim(b.unary(OpKind::log, sumExp), s, elements));
  if (soft)
    return {rowMax, logp, labels->type.elementType == k.type ? labels : b.convert(labels, k.type)};
  // The class indices and the labels are compared as floats, each a small tensor broadcast
  // into the logits' shape: a lowerer's elementwise loops then build the one-hot in registers,
  // where an i32 iota and compare of the logits' size ([B, V, T] for a language model) would be
  // tensors of their own. Exact while the class count is at most 2^24: every index is a float,
  // and a label at or beyond 2^24 rounds to a float no index equals.
  const ElementType index = k.type == ElementType::f64 ? ElementType::f64 : ElementType::f32;
  Value* classes = b.broadcastInDim(b.iota({index, {s[1]}}, 0), s, {1});
  Value* wanted = b.broadcastInDim(b.convert(labels, index), s, elements);
  Value* hit = b.compare(classes, wanted, ComparisonDirection::EQ);
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

// Channel c of a YOLOv1 head or target [B, 30, G, G], as [B, G, G].
Value* channel(Builder& b, Value* x, int64_t c) {
  const Shape& s = x->type.shape;
  return b.reshape(b.slice(x, {0, c, 0, 0}, {s[0], c + 1, s[2], s[3]}), {s[0], s[2], s[3]});
}

Value* square(Builder& b, Value* x) {
  return b.multiply(x, x);
}

// Σ over cells of the squared errors of x, y and of sqrt w, sqrt h (BoxParam says what the
// predicted w, h channels hold).
Value* sqrtWhError(const Constants& k, Value* head, Value* target, BoxParam param) {
  Builder& b = k.b;
  const Shape cells = channel(b, head, yolo::kX)->type.shape;
  Value* error = nullptr;
  for (int64_t c : {yolo::kX, yolo::kY, yolo::kW, yolo::kH}) {
    Value* p = channel(b, head, c);
    Value* t = channel(b, target, c);
    if (c == yolo::kW || c == yolo::kH) {
      if (param == BoxParam::sqrtOfPrediction)
        p = b.unary(OpKind::sqrt, b.maximum(p, k.full(kYoloEpsilon, cells)));
      t = b.unary(OpKind::sqrt, t);
    }
    Value* e = square(b, b.subtract(p, t));
    error = error ? b.add(error, e) : e;
  }
  return error;
}

// 1 − DIoU per cell of the predicted and target boxes. Both centres lie in the same cell, so the
// cell's own offset cancels: centres are (x/G, y/G) of the offsets; the target's sizes are w, h,
// the prediction's p² (BoxParam::sqrt) or max(p, 0). ε keeps empty cells (all zeros) finite; the
// mask removes them.
Value* diouError(const Constants& k, Value* head, Value* target, BoxParam param) {
  Builder& b = k.b;
  const int64_t grid = head->type.shape[2];
  const Shape cells = channel(b, head, yolo::kX)->type.shape;
  auto box = [&](Value* x) {
    Value* g = k.full(static_cast<double>(grid), cells);
    Value* cx = b.divide(channel(b, x, yolo::kX), g);
    Value* cy = b.divide(channel(b, x, yolo::kY), g);
    auto size = [&](int64_t c) {
      if (x == head && param == BoxParam::sqrt) return square(b, channel(b, x, c));
      // The zero before the channel: the op order the reference form's graphs have always had.
      Value* zero = k.full(0.0, cells);
      return b.maximum(channel(b, x, c), zero);
    };
    Value* w = size(yolo::kW);
    Value* h = size(yolo::kH);
    Value* half = k.full(0.5, cells);
    return std::array<Value*, 6>{cx, cy, w, h, b.multiply(w, half), b.multiply(h, half)};
  };
  const auto p = box(head), t = box(target);
  auto lo = [&](int c) {
    return std::pair{b.subtract(p[c], p[c + 4]), b.subtract(t[c], t[c + 4])};
  };
  auto hi = [&](int c) { return std::pair{b.add(p[c], p[c + 4]), b.add(t[c], t[c + 4])}; };
  Value* zero = k.full(0.0, cells);
  Value* eps = k.full(kYoloEpsilon, cells);
  Value* inter = nullptr;
  Value* diagonal = nullptr;
  for (int c = 0; c < 2; ++c) {
    auto [pl, tl] = lo(c);
    auto [ph, th] = hi(c);
    Value* overlap = b.maximum(b.subtract(b.minimum(ph, th), b.maximum(pl, tl)), zero);
    Value* span = b.subtract(b.maximum(ph, th), b.minimum(pl, tl));
    inter = inter ? b.multiply(inter, overlap) : overlap;
    diagonal = diagonal ? b.add(diagonal, square(b, span)) : square(b, span);
  }
  Value* area = b.add(b.multiply(p[2], p[3]), b.multiply(t[2], t[3]));
  Value* iou = b.divide(inter, b.add(b.subtract(area, inter), eps));
  Value* distance = b.add(square(b, b.subtract(p[0], t[0])), square(b, b.subtract(p[1], t[1])));
  Value* diou = b.subtract(iou, b.divide(distance, b.add(diagonal, eps)));
  return b.subtract(k.full(1.0, cells), diou);
}

// The objectness terms: conf0 → 1 on object cells and λnoobj·conf0² elsewhere, or with focal
// sigmoid-BCE of conf0 against the mask weighted by a detached (1 − p_t)^γ; the weights join the
// constants.
Value* objectness(const Constants& k, Value* conf, Value* mask, const LossOptions& o,
                  std::vector<Value*>& constants) {
  Builder& b = k.b;
  const Shape& cells = conf->type.shape;
  Value* one = k.full(1.0, cells);
  Value* empty = b.subtract(one, mask);
  if (!o.focalGamma) {
    Value* object = b.multiply(mask, square(b, b.subtract(conf, one)));
    return b.add(object,
                 b.multiply(k.full(kYoloNoObject, cells), b.multiply(empty, square(b, conf))));
  }
  // BCE(x, y) = max(x, 0) − x·y + log(1 + exp(−|x|)), finite for any logit.
  Value* bce = b.add(
      b.subtract(b.maximum(conf, k.full(0.0, cells)), b.multiply(conf, mask)),
      b.unary(OpKind::log_plus_one,
              b.unary(OpKind::exponential, b.unary(OpKind::negate, b.unary(OpKind::abs, conf)))));
  if (*o.focalGamma == 0.0f) return bce;
  Value* p = b.unary(OpKind::logistic, conf);
  Value* pt = b.add(b.multiply(mask, p), b.multiply(empty, b.subtract(one, p)));
  Value* weight =
      b.binary(OpKind::power, b.maximum(b.subtract(one, pt), k.full(kFocalBaseFloor, cells)),
               k.full(*o.focalGamma, cells));
  constants.push_back(weight);
  return b.multiply(weight, bce);
}

// FORMATS.md's masked YOLOv1 loss over head [B, 30, G, G]: box terms (λcoord) and the class
// cross-entropy on object cells, objectness, λnoobj·conf1² everywhere; sum / B.
Value* yoloLoss(const Constants& k, Value* head, Value* target, Value* mask, const LossOptions& o,
                std::vector<Value*>& constants) {
  Builder& b = k.b;
  const Shape& s = head->type.shape;
  const Shape cells = {s[0], s[2], s[3]};
  Value* box = o.boxLoss == BoxLoss::diou ? diouError(k, head, target, o.boxParam)
                                          : sqrtWhError(k, head, target, o.boxParam);
  Value* coord = b.multiply(k.full(kYoloCoord, cells), b.multiply(mask, box));
  Value* conf1 = b.multiply(k.full(kYoloNoObject, cells),
                            square(b, channel(b, head, yolo::kSecondConfidence)));
  const Shape slots = {s[0], yolo::kClassSlots, s[2], s[3]};
  Value* classLogits = b.slice(head, {0, yolo::kFirstClass, 0, 0}, s);
  Value* classTarget = b.slice(target, {0, yolo::kFirstClass, 0, 0}, s);
  Value* rowMax = b.reduce(classLogits, k.scalar(-std::numeric_limits<double>::infinity()), {1},
                           OpKind::maximum);
  constants.push_back(rowMax);
  Value* shifted = b.subtract(classLogits, b.broadcastInDim(rowMax, slots, {0, 2, 3}));
  Value* sumExp = b.reduce(b.unary(OpKind::exponential, shifted), k.scalar(0.0), {1}, OpKind::add);
  Value* logp =
      b.subtract(shifted, b.broadcastInDim(b.unary(OpKind::log, sumExp), slots, {0, 2, 3}));
  Value* ce = b.unary(OpKind::negate,
                      b.reduce(b.multiply(classTarget, logp), k.scalar(0.0), {1}, OpKind::add));
  Value* perCell =
      b.add(b.add(coord, b.multiply(mask, ce)),
            b.add(objectness(k, channel(b, head, yolo::kConfidence), mask, o, constants), conf1));
  Value* total = sumAll(k, perCell);
  return b.divide(total, k.scalar(static_cast<double>(s[0])));
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
  case LossKind::yolov1:
    return "yolov1";
  }
  return "?";
}

std::string_view boxParamName(BoxParam param) {
  return param == BoxParam::sqrt ? "sqrt" : "sqrt-of-prediction";
}

std::optional<BoxParam> boxParamFromName(std::string_view name) {
  for (BoxParam param : {BoxParam::sqrt, BoxParam::sqrtOfPrediction})
    if (boxParamName(param) == name) return param;
  return std::nullopt;
}

std::optional<LossKind> lossKindFromName(std::string_view name) {
  for (LossKind kind : kKinds)
    if (lossName(kind) == name) return kind;
  return std::nullopt;
}

std::span<const LossKind> allLossKinds() {
  return kKinds;
}

bool isDetection(LossKind kind) {
  return kind == LossKind::yolov1;
}

bool isPerPixelOnly(LossKind kind) {
  return kind == LossKind::weightedCrossEntropy || kind == LossKind::dice ||
         kind == LossKind::diceCrossEntropy;
}

void validateLoss(const LossOptions& o, std::optional<int64_t> numClasses) {
  auto fail = [](const std::string& m) { throw ConfigError(m); };
  if (!(o.labelSmoothing >= 0.0f && o.labelSmoothing < 1.0f))
    fail("--label-smoothing must be in [0, 1), got " + formatNumber(o.labelSmoothing));
  const bool smoothable =
      o.kind == LossKind::crossEntropy || o.kind == LossKind::weightedCrossEntropy;
  if (o.boxLoss != BoxLoss::sqrtWh && o.kind != LossKind::yolov1)
    fail("--box-loss applies to --loss yolov1 only, not " + flagValue(o.kind));
  if (o.boxParam != BoxParam::sqrt && o.kind != LossKind::yolov1)
    fail("--box-param applies to --loss yolov1 only, not " + flagValue(o.kind));
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
        fail("--class-weights must be finite and > 0, got " + formatNumber(o.classWeights[c]) +
             " for class " + std::to_string(c));
  } else if (!o.classWeights.empty()) {
    fail("--class-weights applies to --loss weighted-ce only, not " + flagValue(o.kind));
  }
  if (o.focalGamma && o.kind != LossKind::focal && o.kind != LossKind::yolov1)
    fail("--focal-gamma applies to --loss focal and yolov1 only, not " + flagValue(o.kind));
  if (o.focalGamma && !(std::isfinite(*o.focalGamma) && *o.focalGamma >= 0.0f))
    fail("--focal-gamma must be a finite value >= 0, got " + formatNumber(*o.focalGamma));
  for (auto [flag, alpha] : {std::pair{"--cutmix", o.cutmixAlpha}, {"--mixup", o.mixupAlpha}})
    if (alpha && !(std::isfinite(*alpha) && *alpha > 0.0f))
      fail(std::string(flag) + " must be a finite alpha > 0 or off, got " + formatNumber(*alpha));
  if (!(o.mixProb > 0.0f && o.mixProb <= 1.0f))
    fail("--mix-prob must be in (0, 1], got " + formatNumber(o.mixProb));
  if (o.mixProb != 1.0f && !o.softTargets())
    fail("--mix-prob applies with --cutmix or --mixup only");
  if (o.softTargets() && o.kind != LossKind::crossEntropy)
    fail("--cutmix and --mixup train on soft targets, which --loss ce reads, not " +
         flagValue(o.kind));
}

std::vector<TensorType> labelTypes(const LossOptions& o, const Shape& logits) {
  if (o.softTargets()) return {{ElementType::f32, logits}};
  if (o.kind == LossKind::yolov1)
    return {{ElementType::f32, logits}, {ElementType::f32, {logits[0], logits[2], logits[3]}}};
  Shape s;
  for (size_t d = 0; d < logits.size(); ++d)
    if (d != 1) s.push_back(logits[d]);
  return {{ElementType::i32, s}};
}

LossValues emitLoss(Builder& b, Value* logits, std::span<Value* const> labels,
                    const LossOptions& o) {
  const Constants k{b, logits->type.elementType};
  if (o.kind == LossKind::yolov1) {
    LossValues out;
    out.loss = yoloLoss(k, logits, labels[0], labels[1], o, out.constants);
    return out;
  }
  Softmax sm = logSoftmax(k, logits, labels[0], o.softTargets());
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
  case LossKind::yolov1:
    break;
  }
  return {loss, {sm.rowMax}};
}

} // namespace hlotrain::program
