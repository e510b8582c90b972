#include "nn/Emit.h"

#include <cmath>
#include <limits>

#include "nn/Compose.h"
#include "support/Error.h"

namespace hlotrain::nn {

using namespace ir;

namespace {

Value* scalarLike(Builder& b, double v, ElementType type) {
  return b.splat({type, {}}, v);
}

Value* full(Builder& b, double v, ElementType type, const Shape& shape) {
  return b.broadcastInDim(scalarLike(b, v, type), shape, {});
}

// √(2/π), rounded once.
constexpr double kSqrt2OverPi = 0.7978845608028654;

// Σ coefficients[k]·z^k by Horner's rule. Each step is its own statement: the emitted order must
// not be the compiler's choice among a call's arguments.
Value* horner(Builder& b, Value* z, std::span<const double> coefficients) {
  const ElementType t = z->type.elementType;
  const Shape& shape = z->type.shape;
  Value* sum = full(b, coefficients.back(), t, shape);
  for (size_t k = coefficients.size() - 1; k-- > 0;) {
    Value* product = b.multiply(sum, z);
    Value* coefficient = full(b, coefficients[k], t, shape);
    sum = b.add(product, coefficient);
  }
  return sum;
}

} // namespace

Value* emitErf(Builder& b, Value* x) {
  const ElementType t = x->type.elementType;
  Value* low = scalarLike(b, -4.0, t);
  Value* high = scalarLike(b, 4.0, t);
  Value* clamped = b.clamp(low, x, high);
  Value* z = b.multiply(clamped, clamped);
  Value* p = horner(b, z, kErfNumerator);
  Value* q = horner(b, z, kErfDenominator);
  Value* numerator = b.multiply(clamped, p);
  return b.divide(numerator, q);
}

Value* emitActivation(Builder& b, Value* x, Activation a) {
  const ElementType t = x->type.elementType;
  const Shape& shape = x->type.shape;
  switch (a) {
  case Activation::identity:
    return x;
  case Activation::relu:
    return b.maximum(x, full(b, 0.0, t, shape));
  case Activation::relu6: // (as pinned by EmittedGraphsTest: gcc emits the 6 first)
    return b.clamp(scalarLike(b, 0.0, t), x, scalarLike(b, 6.0, t));
  case Activation::gelu: { // 0.5x(1 + erf(x/√2))
    Value* scaled = b.multiply(x, full(b, kInvSqrt2, t, shape));
    Value* erfScaled = emitErf(b, scaled);
    Value* onePlus = b.add(erfScaled, full(b, 1.0, t, shape));
    Value* half = b.multiply(x, full(b, 0.5, t, shape));
    return b.multiply(half, onePlus);
  }
  // relu6(x + 3) as (x bounded to [−3, 3]) + 3: PyTorch's values bit for bit, and slopes that
  // change where x itself crosses ±3 (x + 3 would round 3 + 1 ulp onto 6). Hard-sigmoid bounds x
  // by maximum and minimum, which pass the gradient on strict wins only: slope 1/6 on the open
  // (−3, 3); hard-swish by clamp, which passes it at its bounds too: x/3 + 0.5 on the closed
  // [−3, 3], PyTorch's hardswish_backward.
  case Activation::hardSigmoid: {
    Value* low = b.maximum(x, full(b, -3.0, t, shape));
    Value* bounded = b.minimum(low, full(b, 3.0, t, shape));
    Value* shifted = b.add(bounded, full(b, 3.0, t, shape));
    return b.divide(shifted, full(b, 6.0, t, shape));
  }
  case Activation::hardSwish: {
    Value* low = scalarLike(b, -3.0, t);
    Value* high = scalarLike(b, 3.0, t);
    Value* bounded = b.clamp(low, x, high);
    Value* shifted = b.add(bounded, full(b, 3.0, t, shape));
    Value* product = b.multiply(x, shifted);
    return b.divide(product, full(b, 6.0, t, shape));
  }
  case Activation::silu: {
    Value* gate = b.unary(OpKind::logistic, x);
    return b.multiply(x, gate);
  }
  case Activation::sigmoid:
    return b.unary(OpKind::logistic, x);
  case Activation::geluTanh: { // 0.5x(1 + tanh(√(2/π)(x + 0.044715x³)))
    Value* square = b.multiply(x, x);
    Value* cube = b.multiply(square, x);
    Value* cubic = b.multiply(cube, full(b, 0.044715, t, shape));
    Value* inner = b.add(x, cubic);
    Value* scaledInner = b.multiply(inner, full(b, kSqrt2OverPi, t, shape));
    Value* tanhInner = b.unary(OpKind::tanh, scaledInner);
    Value* onePlus = b.add(tanhInner, full(b, 1.0, t, shape));
    Value* half = b.multiply(x, full(b, 0.5, t, shape));
    return b.multiply(half, onePlus);
  }
  }
  return x;
}

Value* geluBackward(Builder& b, const Gelu& gelu, Value* dy) {
  Value* x = gelu.x;
  const ElementType t = x->type.elementType;
  const Shape& shape = x->type.shape;
  // Φ(x) = 0.5(1 + erf(x/√2))
  Value* scaled = b.multiply(x, full(b, kInvSqrt2, t, shape));
  Value* erfScaled = emitErf(b, scaled);
  Value* onePlus = b.add(erfScaled, full(b, 1.0, t, shape));
  Value* cdf = b.multiply(onePlus, full(b, 0.5, t, shape));
  // φ(x) = exp(-x²/2)/√(2π)
  Value* square = b.multiply(x, x);
  Value* exponent = b.multiply(square, full(b, -0.5, t, shape));
  Value* gauss = b.unary(OpKind::exponential, exponent);
  Value* pdf = b.multiply(gauss, full(b, 0.3989422804014327, t, shape));
  Value* xPdf = b.multiply(x, pdf);
  Value* derivative = b.add(cdf, xPdf);
  return b.multiply(dy, derivative);
}

namespace {

// Per-channel vector [C] broadcast along dim 1 of an NCHW or NC tensor.
Value* perChannel(Builder& b, Value* v, const Shape& shape) {
  return b.broadcastInDim(v, shape, {1});
}

// The number of elements BatchNorm averages per channel of NCHW `x` (N*H*W), as a [C] vector.
// The values a BatchNorm of x [N, C, H, W] averages per channel, over `replicas` replicas' batches.
Value* perChannelCount(Builder& b, const Value* x, int64_t replicas = 1) {
  const Shape& shape = x->type.shape;
  return full(b, static_cast<double>(replicas * shape[0] * shape[2] * shape[3]),
              x->type.elementType, {shape[1]});
}

// `sums` summed over every one of `replicas` replicas (one all_reduce); themselves for one.
std::vector<Value*> overReplicas(Builder& b, std::vector<Value*> sums, int64_t replicas) {
  if (replicas == 1) return sums;
  std::vector<int64_t> everyReplica;
  for (int64_t r = 0; r < replicas; ++r) everyReplica.push_back(r);
  return b.allReduce(std::move(sums), OpKind::add, {everyReplica});
}

// The operands of a product as `precision` multiplies them; the product's result stays f32.
Value* productOperand(Builder& b, Value* v, Precision precision) {
  return precision == Precision::bf16 ? b.convert(v, ElementType::bf16) : v;
}

Value* conv(Builder& b, const Step& step, Value* x, Value* w, Precision precision) {
  Attributes a;
  a.conv.inputSpatialDimensions = {2, 3};
  a.conv.kernelSpatialDimensions = {2, 3};
  a.conv.outputSpatialDimensions = {2, 3};
  a.windowStrides = {step.stride, step.stride};
  for (int d = 2; d < 4; ++d)
    a.padding.push_back(windowPadding(step.padding, x->type.shape[d], step.kernel, step.stride));
  a.featureGroupCount = step.depthwise ? x->type.shape[1] : 1;
  // The result keeps the operands' own type (f32; f64 in the gradient checks).
  return b.convolution(productOperand(b, x, precision), productOperand(b, w, precision), a,
                       x->type.elementType);
}

// x with its spatial dims 2 and 3 grown by one element on each side, copies of the edge:
// [N, C, H+2, W+2]. One concatenate of row concatenates of slices (the lowerer fuses them).
Value* edgePad(Builder& b, Value* x) {
  const Shape& s = x->type.shape;
  const int64_t n = s[0], c = s[1], h = s[2], w = s[3];
  auto part = [&](int64_t y0, int64_t y1, int64_t x0, int64_t x1) {
    return b.slice(x, {0, 0, y0, x0}, {n, c, y1, x1});
  };
  auto row = [&](int64_t y0, int64_t y1) {
    return b.concatenate({part(y0, y1, 0, 1), part(y0, y1, 0, w), part(y0, y1, w - 1, w)}, 3);
  };
  return b.concatenate({row(0, 1), row(0, h), row(h - 1, h)}, 2);
}

// Σ weight·term over equally shaped terms, as splat multiplies and adds.
Value* weightedSum(Builder& b, const std::vector<std::pair<double, Value*>>& terms) {
  Value* sum = nullptr;
  for (auto [weight, term] : terms) {
    Value* scaled = b.multiply(full(b, weight, term->type.elementType, term->type.shape), term);
    sum = sum ? b.add(sum, scaled) : scaled;
  }
  return sum;
}

// Every dimension of a rank-`rank` tensor but `axis`.
std::vector<int64_t> allBut(size_t rank, int64_t axis) {
  std::vector<int64_t> dims;
  for (int64_t d = 0; d < static_cast<int64_t>(rank); ++d)
    if (d != axis) dims.push_back(d);
  return dims;
}

Shape without(const Shape& shape, int64_t axis) {
  Shape out;
  for (int64_t d : allBut(shape.size(), axis)) out.push_back(shape[static_cast<size_t>(d)]);
  return out;
}

// Σ over `axis` of x, broadcast back to x's shape.
Value* sumAlong(Builder& b, Value* x, int64_t axis) {
  Value* sum = b.reduce(x, scalarLike(b, 0.0, x->type.elementType), {axis}, OpKind::add);
  return b.broadcastInDim(sum, x->type.shape, allBut(x->type.shape.size(), axis));
}

// x·W + b over the last axis of x ([B, F] or tokens [B, T, D]).
Value* denseLayer(Builder& b, Value* x, Value* w, Value* bias, Precision precision) {
  const int64_t last = static_cast<int64_t>(x->type.shape.size()) - 1;
  // The weight's conversion first: the order these graphs were first emitted in.
  Value* rhs = productOperand(b, w, precision);
  Value* lhs = productOperand(b, x, precision);
  Value* y = b.dotGeneral(lhs, rhs, {{}, {}, {last}, {0}}, x->type.elementType);
  return b.add(y, b.broadcastInDim(bias, y->type.shape, {last}));
}

// x [B, T, D] against the token table [V, D]: x·tableᵀ, [B, T, V].
Value* tiedLogits(Builder& b, Value* x, Value* table, Precision precision) {
  Value* rhs = productOperand(b, table, precision);
  Value* lhs = productOperand(b, x, precision);
  return b.dotGeneral(lhs, rhs, {{}, {}, {2}, {1}}, x->type.elementType);
}

} // namespace

std::pair<Tensor, Tensor> rotaryTables(int64_t tokens, int64_t headWidth, ElementType type) {
  if (type != ElementType::f32 && type != ElementType::f64)
    throw VerifyError("rotary positions need f32 or f64 values, got " + std::string(name(type)));
  const int64_t half = headWidth / 2;
  Tensor cos({type, {tokens, half}}), sin({type, {tokens, half}});
  const auto set = [&](Tensor& table, int64_t i, double v) {
    if (type == ElementType::f64)
      table.set<double>(i, v);
    else
      table.set<float>(i, static_cast<float>(v));
  };
  for (int64_t t = 0; t < tokens; ++t)
    for (int64_t i = 0; i < half; ++i) {
      const double angle =
          static_cast<double>(t) *
          std::pow(10000.0, -2.0 * static_cast<double>(i) / static_cast<double>(headWidth));
      set(cos, t * half + i, std::cos(angle));
      set(sin, t * half + i, std::sin(angle));
    }
  return {std::move(cos), std::move(sin)};
}

LayerNorm emitLayerNorm(Builder& b, Value* x, Value* gamma, Value* beta, int64_t axis,
                        float epsilon) {
  const Shape& shape = x->type.shape;
  const ElementType t = x->type.elementType;
  const Shape reduced = without(shape, axis);
  const std::vector<int64_t> kept = allBut(shape.size(), axis);
  const double count = static_cast<double>(shape[static_cast<size_t>(axis)]);
  Value* zero = scalarLike(b, 0.0, t);
  Value* sum = b.reduce(x, zero, {axis}, OpKind::add);
  Value* mean = b.divide(sum, full(b, count, t, reduced));
  Value* centered = b.subtract(x, b.broadcastInDim(mean, shape, kept));
  Value* squares = b.multiply(centered, centered);
  Value* sumSquares = b.reduce(squares, zero, {axis}, OpKind::add);
  Value* var = b.divide(sumSquares, full(b, count, t, reduced));
  Value* shifted = b.add(var, full(b, epsilon, t, reduced));
  Value* invStd = b.unary(OpKind::rsqrt, shifted);
  Value* normalized = b.multiply(centered, b.broadcastInDim(invStd, shape, kept));
  Value* scaled = b.multiply(normalized, b.broadcastInDim(gamma, shape, {axis}));
  Value* y = b.add(scaled, b.broadcastInDim(beta, shape, {axis}));
  return {x, gamma, beta, axis, invStd, normalized, y};
}

LayerNormGrads layerNormBackward(Builder& b, const LayerNorm& ln, Value* dy) {
  const Shape& shape = ln.x->type.shape;
  const ElementType t = ln.x->type.elementType;
  const std::vector<int64_t> kept = allBut(shape.size(), ln.axis);
  const double count = static_cast<double>(shape[static_cast<size_t>(ln.axis)]);
  Value* g = b.multiply(dy, b.broadcastInDim(ln.gamma, shape, {ln.axis}));
  Value* gn = b.multiply(g, ln.normalized);
  Value* sumG = sumAlong(b, g, ln.axis);
  Value* sumGn = sumAlong(b, gn, ln.axis);
  Value* weightedGn = b.multiply(ln.normalized, sumGn);
  Value* sums = b.add(sumG, weightedGn);
  Value* means = b.divide(sums, full(b, count, t, shape));
  Value* inner = b.subtract(g, means);
  Value* dx = b.multiply(inner, b.broadcastInDim(ln.invStd, shape, kept));
  Value* zero = scalarLike(b, 0.0, t);
  Value* dyn = b.multiply(dy, ln.normalized);
  Value* dGamma = b.reduce(dyn, zero, kept, OpKind::add);
  Value* dBeta = b.reduce(dy, zero, kept, OpKind::add);
  return {dx, dGamma, dBeta};
}

Value* emitSoftmax(Builder& b, Value* x) {
  const int64_t last = static_cast<int64_t>(x->type.shape.size()) - 1;
  const ElementType t = x->type.elementType;
  Value* lowest = scalarLike(b, -std::numeric_limits<double>::infinity(), t);
  Value* max = b.reduce(x, lowest, {last}, OpKind::maximum);
  Value* shifted =
      b.subtract(x, b.broadcastInDim(max, x->type.shape, allBut(x->type.shape.size(), last)));
  Value* e = b.unary(OpKind::exponential, shifted);
  Value* sum = sumAlong(b, e, last);
  return b.divide(e, sum);
}

Value* softmaxBackward(Builder& b, const Softmax& softmax, Value* dy) {
  const int64_t last = static_cast<int64_t>(dy->type.shape.size()) - 1;
  Value* ydy = b.multiply(softmax.y, dy);
  Value* sum = sumAlong(b, ydy, last);
  Value* ySum = b.multiply(softmax.y, sum);
  return b.subtract(ydy, ySum);
}

namespace {

// x [B, H, n, dh] rotated by RoPE at the positions whose rows of rotaryTables are `cos` and `sin`
// [n, dh/2].
Value* rotateHalves(Builder& b, Value* x, Value* cos, Value* sin) {
  const Shape& s = x->type.shape;
  const int64_t half = s[3] / 2;
  const Shape halfShape = {s[0], s[1], s[2], half};
  Value* low = b.slice(x, {0, 0, 0, 0}, halfShape);
  Value* high = b.slice(x, {0, 0, 0, half}, s);
  Value* c = b.broadcastInDim(cos, halfShape, {2, 3});
  Value* n = b.broadcastInDim(sin, halfShape, {2, 3});
  Value* lowCos = b.multiply(low, c);
  Value* highSin = b.multiply(high, n);
  Value* rotatedLow = b.subtract(lowCos, highSin);
  Value* highCos = b.multiply(high, c);
  Value* lowSin = b.multiply(low, n);
  Value* rotatedHigh = b.add(highCos, lowSin);
  return b.concatenate({rotatedLow, rotatedHigh}, 3);
}

// The scores of queries [B, H, n, dh] (rows first … first + n − 1) against keys [B, H, L, dh],
// scaled by 1/√dh, a key after its query hidden (−∞) when `causal`: [B, H, n, L].
Value* blockScores(Builder& b, Value* q, Value* k, int64_t first, bool causal,
                   Precision precision) {
  const ElementType t = q->type.elementType;
  const int64_t headWidth = q->type.shape[3];
  Value* kOperand = productOperand(b, k, precision);
  Value* qOperand = productOperand(b, q, precision);
  Value* scores = b.dotGeneral(qOperand, kOperand, {{0, 1}, {0, 1}, {3}, {3}}, t);
  const Shape& shape = scores->type.shape;
  Value* scale = full(b, 1.0 / std::sqrt(static_cast<double>(headWidth)), t, shape);
  Value* scaled = b.multiply(scores, scale);
  if (!causal) return scaled;
  const Shape square = {shape[2], shape[3]};
  Value* row = b.iota({ElementType::i32, square}, 0);
  Value* offset = b.splat({ElementType::i32, square}, static_cast<double>(first));
  Value* position = b.add(row, offset);
  Value* column = b.iota({ElementType::i32, square}, 1);
  Value* visibleSquare = b.compare(column, position, ComparisonDirection::LE);
  Value* visible = b.broadcastInDim(visibleSquare, shape, {2, 3});
  Value* hidden = full(b, -std::numeric_limits<double>::infinity(), t, shape);
  return b.select(visible, scaled, hidden);
}

// Rows [first, first + n) of x along `axis`.
Value* rows(Builder& b, Value* x, int64_t axis, int64_t first, int64_t n) {
  std::vector<int64_t> start(x->type.shape.size(), 0);
  std::vector<int64_t> limit = x->type.shape;
  start[static_cast<size_t>(axis)] = first;
  limit[static_cast<size_t>(axis)] = first + n;
  return b.slice(x, start, limit);
}

Value* emitAttention(Builder& b, const Step& step, Value* x, std::span<Value* const> w,
                     Precision precision, ForwardValues& out) {
  const Shape& s = x->type.shape;
  const int64_t batch = s[0], tokens = s[1], width = s[2], heads = step.heads;
  const int64_t headWidth = width / heads;
  const ElementType t = x->type.elementType;
  // [B, T, D] -> [B, H, T, D/H]
  auto split = [&](Value* v) {
    Value* r = b.reshape(v, {batch, tokens, heads, headWidth});
    return b.transpose(r, {0, 2, 1, 3});
  };
  Value* q = split(denseLayer(b, x, w[0], w[1], precision));
  Value* k = split(denseLayer(b, x, w[2], w[3], precision));
  Value* v = split(denseLayer(b, x, w[4], w[5], precision));
  if (step.rotary) {
    auto [cosTable, sinTable] = rotaryTables(tokens, headWidth, t);
    Value* cos = b.constant(std::move(cosTable));
    Value* sin = b.constant(std::move(sinTable));
    q = rotateHalves(b, q, cos, sin);
    k = rotateHalves(b, k, cos, sin);
  }
  if (step.queryBlock > 0 && step.queryBlock < tokens) {
    BlockedAttention a = emitBlockedAttention(b, q, k, v, step.queryBlock, step.causal, precision);
    out.attentions.push_back(a);
    Value* merged = b.transpose(a.o, {0, 2, 1, 3});
    Value* flat = b.reshape(merged, {batch, tokens, width});
    return denseLayer(b, flat, w[6], w[7], precision);
  }
  Value* kOperand = productOperand(b, k, precision);
  Value* qOperand = productOperand(b, q, precision);
  Value* scores = b.dotGeneral(qOperand, kOperand, {{0, 1}, {0, 1}, {3}, {3}}, t);
  const Shape& scoreShape = scores->type.shape;
  Value* scaled =
      b.multiply(scores, full(b, 1.0 / std::sqrt(static_cast<double>(headWidth)), t, scoreShape));
  if (step.causal) {
    // One [T, T] mask, broadcast over batch and heads (a [B, H, T, T] iota would cost each step
    // as much as the scores).
    const Shape square = {tokens, tokens};
    Value* row = b.iota({ElementType::i32, square}, 0);
    Value* column = b.iota({ElementType::i32, square}, 1);
    Value* visibleSquare = b.compare(column, row, ComparisonDirection::LE);
    Value* visible = b.broadcastInDim(visibleSquare, scoreShape, {2, 3});
    Value* hidden = full(b, -std::numeric_limits<double>::infinity(), t, scoreShape);
    scaled = b.select(visible, scaled, hidden);
  }
  Softmax softmax{scaled, emitSoftmax(b, scaled)};
  out.softmaxes.push_back(softmax);
  Value* vOperand = productOperand(b, v, precision);
  Value* pOperand = productOperand(b, softmax.y, precision);
  Value* attended = b.dotGeneral(pOperand, vOperand, {{0, 1}, {0, 1}, {3}, {2}}, t);
  Value* merged = b.transpose(attended, {0, 2, 1, 3});
  Value* flat = b.reshape(merged, {batch, tokens, width});
  return denseLayer(b, flat, w[6], w[7], precision);
}

} // namespace

BlockedAttention emitBlockedAttention(Builder& b, Value* q, Value* k, Value* v, int64_t queryBlock,
                                      bool causal, Precision precision) {
  const Shape& s = q->type.shape;
  const int64_t tokens = s[2];
  const ElementType t = q->type.elementType;
  std::vector<Value*> outputs, sums;
  for (int64_t first = 0; first < tokens; first += queryBlock) {
    const int64_t n = std::min(queryBlock, tokens - first);
    const int64_t seen = causal ? first + n : tokens;
    Value* qi = rows(b, q, 2, first, n);
    Value* ki = rows(b, k, 2, 0, seen);
    Value* vi = rows(b, v, 2, 0, seen);
    Value* scores = blockScores(b, qi, ki, first, causal, precision);
    const Shape& shape = scores->type.shape;
    Value* lowest = scalarLike(b, -std::numeric_limits<double>::infinity(), t);
    Value* max = b.reduce(scores, lowest, {3}, OpKind::maximum);
    Value* shifted = b.subtract(scores, b.broadcastInDim(max, shape, {0, 1, 2}));
    Value* e = b.unary(OpKind::exponential, shifted);
    Value* sum = b.reduce(e, scalarLike(b, 0.0, t), {3}, OpKind::add);
    Value* eOperand = productOperand(b, e, precision);
    Value* vOperand = productOperand(b, vi, precision);
    Value* weighted = b.dotGeneral(eOperand, vOperand, {{0, 1}, {0, 1}, {3}, {2}}, t);
    Value* total = b.broadcastInDim(sum, weighted->type.shape, {0, 1, 2});
    outputs.push_back(b.divide(weighted, total));
    Value* logSum = b.unary(OpKind::log, sum);
    sums.push_back(b.add(max, logSum));
  }
  Value* o = b.concatenate(outputs, 2);
  Value* lse = b.concatenate(sums, 2);
  return {q, k, v, o, lse, queryBlock, causal, precision};
}

AttentionGrads blockedAttentionBackward(Builder& b, const BlockedAttention& a, Value* dO) {
  const Shape& s = a.q->type.shape;
  const int64_t tokens = s[2], headWidth = s[3];
  const ElementType t = a.q->type.elementType;
  Value* dOo = b.multiply(dO, a.o);
  Value* rowDots = b.reduce(dOo, scalarLike(b, 0.0, t), {3}, OpKind::add); // [B, H, T]
  std::vector<Value*> dq;
  Value* dk = nullptr;
  Value* dv = nullptr;
  for (int64_t first = 0; first < a.o->type.shape[2]; first += a.queryBlock) {
    const int64_t n = std::min(a.queryBlock, tokens - first);
    const int64_t seen = a.causal ? first + n : tokens;
    Value* qi = rows(b, a.q, 2, first, n);
    Value* ki = rows(b, a.k, 2, 0, seen);
    Value* vi = rows(b, a.v, 2, 0, seen);
    Value* dOi = rows(b, dO, 2, first, n);
    Value* scores = blockScores(b, qi, ki, first, a.causal, a.precision);
    const Shape& shape = scores->type.shape;
    Value* lse = rows(b, a.lse, 2, first, n);
    Value* shifted = b.subtract(scores, b.broadcastInDim(lse, shape, {0, 1, 2}));
    Value* p = b.unary(OpKind::exponential, shifted);
    Value* dOOperand = productOperand(b, dOi, a.precision);
    Value* vOperand = productOperand(b, vi, a.precision);
    Value* dp = b.dotGeneral(dOOperand, vOperand, {{0, 1}, {0, 1}, {3}, {3}}, t);
    Value* dots = rows(b, rowDots, 2, first, n);
    Value* centered = b.subtract(dp, b.broadcastInDim(dots, shape, {0, 1, 2}));
    Value* dsRaw = b.multiply(p, centered);
    Value* scale = full(b, 1.0 / std::sqrt(static_cast<double>(headWidth)), t, shape);
    Value* ds = b.multiply(dsRaw, scale);
    Value* dsOperand = productOperand(b, ds, a.precision);
    Value* kOperand = productOperand(b, ki, a.precision);
    dq.push_back(b.dotGeneral(dsOperand, kOperand, {{0, 1}, {0, 1}, {3}, {2}}, t));
    Value* qOperand = productOperand(b, qi, a.precision);
    Value* dki = b.dotGeneral(dsOperand, qOperand, {{0, 1}, {0, 1}, {2}, {2}}, t);
    Value* pOperand = productOperand(b, p, a.precision);
    Value* dvi = b.dotGeneral(pOperand, dOOperand, {{0, 1}, {0, 1}, {2}, {2}}, t);
    if (seen < tokens) {
      Value* zero = scalarLike(b, 0.0, t);
      dki = b.pad(dki, zero, {0, 0, 0, 0}, {0, 0, tokens - seen, 0}, {0, 0, 0, 0});
      dvi = b.pad(dvi, zero, {0, 0, 0, 0}, {0, 0, tokens - seen, 0}, {0, 0, 0, 0});
    }
    dk = dk ? b.add(dk, dki) : dki;
    dv = dv ? b.add(dv, dvi) : dvi;
  }
  return {b.concatenate(dq, 2), dk, dv};
}

Value* emitUpsample2x(Builder& b, Value* x) {
  const Shape& s = x->type.shape;
  const int64_t n = s[0], c = s[1], h = s[2], w = s[3];
  Value* xp = edgePad(b, x);
  // Output phase p of a dim reads the padded positions i+p and i+p+1 (the input's i−1+p, i+p).
  const double weight[2][2] = {{0.25, 0.75}, {0.75, 0.25}};
  Value* phases[2][2];
  for (int p = 0; p < 2; ++p)
    for (int q = 0; q < 2; ++q) {
      std::vector<std::pair<double, Value*>> terms;
      for (int dy = 0; dy < 2; ++dy)
        for (int dx = 0; dx < 2; ++dx)
          terms.push_back({weight[p][dy] * weight[q][dx],
                           b.slice(xp, {0, 0, p + dy, q + dx}, {n, c, p + dy + h, q + dx + w})});
      phases[p][q] = b.broadcastInDim(weightedSum(b, terms), {n, c, h, 1, w, 1}, {0, 1, 2, 4});
    }
  Value* interleaved = b.concatenate({b.concatenate({phases[0][0], phases[0][1]}, 5),
                                      b.concatenate({phases[1][0], phases[1][1]}, 5)},
                                     3);
  return b.reshape(interleaved, {n, c, 2 * h, 2 * w});
}

Value* upsample2xBackward(Builder& b, Value* g) {
  const Shape& s = g->type.shape;
  const int64_t n = s[0], c = s[1], h = s[2] / 2, w = s[3] / 2;
  Value* gp = edgePad(b, g);
  // Padded position 2i+t holds g[2i+t−1], t = 0..3.
  const double weight[4] = {0.25, 0.75, 0.75, 0.25};
  std::vector<std::pair<double, Value*>> terms;
  for (int64_t t = 0; t < 4; ++t)
    for (int64_t u = 0; u < 4; ++u)
      terms.push_back(
          {weight[t] * weight[u],
           b.slice(gp, {0, 0, t, u}, {n, c, t + 2 * h - 1, u + 2 * w - 1}, {1, 1, 2, 2})});
  return weightedSum(b, terms);
}

BatchNorm emitBatchNorm(Builder& b, Value* x, Value* gamma, Value* beta, Value* runningMean,
                        Value* runningVar, float epsilon, int64_t replicas) {
  const Shape& shape = x->type.shape;
  ElementType t = x->type.elementType;
  BatchNorm bn{x,       gamma,   beta,    runningMean, runningVar,
               nullptr, nullptr, nullptr, nullptr,     replicas};
  if (runningMean == nullptr) {
    Value* zero = scalarLike(b, 0.0, t);
    Value* n = perChannelCount(b, x, replicas);
    bn.mean =
        b.divide(overReplicas(b, {b.reduce(x, zero, {0, 2, 3}, OpKind::add)}, replicas)[0], n);
    bn.centered = b.subtract(x, perChannel(b, bn.mean, shape));
    bn.var = b.divide(
        overReplicas(b,
                     {b.reduce(b.multiply(bn.centered, bn.centered), zero, {0, 2, 3}, OpKind::add)},
                     replicas)[0],
        n);
  } else {
    bn.centered = b.subtract(x, perChannel(b, bn.mean, shape));
  }
  bn.invStd = b.unary(OpKind::rsqrt, b.add(bn.var, full(b, epsilon, t, {shape[1]})));
  bn.scale = b.multiply(bn.invStd, gamma);
  bn.y = b.add(b.multiply(bn.centered, perChannel(b, bn.scale, shape)), perChannel(b, beta, shape));
  return bn;
}

std::string_view precisionName(Precision precision) {
  return precision == Precision::bf16 ? "bf16" : "f32";
}

std::optional<Precision> precisionNamed(std::string_view name) {
  for (Precision p : {Precision::f32, Precision::bf16})
    if (precisionName(p) == name) return p;
  return std::nullopt;
}

ForwardValues emitForward(Builder& b, const NetSpec& spec, std::span<Value* const> params, Value* x,
                          BnMode mode, std::span<Value* const> runningMean,
                          std::span<Value* const> runningVar, Precision precision, Value* dropMask,
                          std::span<Value* const> dropoutMasks, int64_t bnReplicas) {
  const Shape& xs = x->type.shape;
  // Images in any float type (the gradient checks run in f64), token ids as integers.
  if (xs.empty() || xs != inputType(spec, xs[0]).shape ||
      spec.input.tokens() != isInteger(x->type.elementType))
    throw VerifyError(spec.name + ": input " + toString(x->type) + " does not match the geometry " +
                      inputText(spec.input));
  size_t expected = parameters(spec).size();
  if (params.size() != expected)
    throw VerifyError(spec.name + ": " + std::to_string(params.size()) + " parameters given, " +
                      std::to_string(expected) + " expected");
  size_t bnCount = bnChannels(spec).size();
  bool running = mode == BnMode::running;
  if (running && (runningMean.size() != bnCount || runningVar.size() != bnCount))
    throw VerifyError(spec.name + ": running statistics for " + std::to_string(bnCount) +
                      " BatchNorm layers expected");
  const int64_t branches = static_cast<int64_t>(dropPathDepths(spec).size());
  if (dropMask && dropMask->type.shape != Shape{branches, xs[0]})
    throw VerifyError(spec.name + ": a drop mask " + toString(dropMask->type.shape) + " for " +
                      std::to_string(branches) + " branches of a batch of " +
                      std::to_string(xs[0]));
  const std::vector<DropoutSite> sites = dropoutSites(spec);
  if (!dropoutMasks.empty() && dropoutMasks.size() != sites.size())
    throw VerifyError(spec.name + ": " + std::to_string(dropoutMasks.size()) +
                      " dropout masks for " + std::to_string(sites.size()) + " dropout layers");
  ForwardValues out;
  size_t p = 0, bn = 0, dropout = 0;
  int64_t branch = 0;
  Value* table = nullptr;          // the token embedding's, which a tied head reads
  Value* values[2] = {x, nullptr}; // indexed by Path
  std::vector<Value*> skips;
  walkSteps(spec, xs[0], [&](const Step& step, const Shape& in, const Shape&) {
    Value*& h = values[static_cast<int>(step.path)];
    std::span<Value* const> w = params.subspan(p, stepParameters(step, in).size());
    p += w.size();
    switch (step.kind) {
    case Step::Kind::dense:
      h = denseLayer(b, h, w[0], w[1], precision);
      break;
    case Step::Kind::conv:
      h = conv(b, step, h, w[0], precision);
      if (step.bias) h = b.add(h, perChannel(b, w[1], h->type.shape));
      break;
    case Step::Kind::batchNorm: {
      BatchNorm n =
          emitBatchNorm(b, h, w[0], w[1], running ? runningMean[bn] : nullptr,
                        running ? runningVar[bn] : nullptr, step.epsilon, running ? 1 : bnReplicas);
      if (!running) out.batchNorms.push_back(n);
      h = n.y;
      ++bn;
      break;
    }
    case Step::Kind::activation: {
      Value* y = emitActivation(b, h, step.activation);
      if (step.activation == Activation::gelu) out.gelus.push_back({h, y});
      h = y;
      break;
    }
    case Step::Kind::maxPool: {
      Attributes a;
      a.windowDimensions = {1, 1, step.kernel, step.kernel};
      a.windowStrides = {1, 1, step.stride, step.stride};
      a.padding = {{0, 0}, {0, 0}};
      for (int d = 2; d < 4; ++d)
        a.padding.push_back(windowPadding(step.padding, in[d], step.kernel, step.stride));
      Value* lowest = scalarLike(b, -std::numeric_limits<double>::infinity(), h->type.elementType);
      h = b.reduceWindow(h, lowest, a, OpKind::maximum);
      break;
    }
    case Step::Kind::flatten:
      h = b.reshape(h, {in[0], h->type.numElements() / in[0]});
      break;
    case Step::Kind::globalAvgPool: {
      Value* sum = b.reduce(h, scalarLike(b, 0.0, h->type.elementType), {2, 3}, OpKind::add);
      h = b.divide(
          sum, full(b, static_cast<double>(in[2] * in[3]), h->type.elementType, sum->type.shape));
      break;
    }
    case Step::Kind::fork:
      values[static_cast<int>(Path::shortcut)] = h;
      break;
    case Step::Kind::join:
      h = b.add(h, values[static_cast<int>(Path::shortcut)]);
      break;
    case Step::Kind::pushSkip:
      skips.push_back(h);
      break;
    case Step::Kind::upsample: {
      Value* up = emitUpsample2x(b, h);
      out.upsamples.push_back({h, up});
      h = up;
      break;
    }
    case Step::Kind::concatSkip:
      h = b.concatenate({h, skips.back()}, 1);
      skips.pop_back();
      break;
    case Step::Kind::layerNorm: {
      LayerNorm n =
          emitLayerNorm(b, h, w[0], w[1], static_cast<int64_t>(layerNormAxis(in)), step.epsilon);
      out.layerNorms.push_back(n);
      h = n.y;
      break;
    }
    case Step::Kind::tokens: {
      Value* flat = b.reshape(h, {in[0], in[1], in[2] * in[3]});
      h = b.transpose(flat, {0, 2, 1});
      break;
    }
    case Step::Kind::classToken: {
      Value* cls = b.broadcastInDim(w[0], {in[0], 1, in[2]}, {2});
      h = b.concatenate({cls, h}, 1);
      break;
    }
    case Step::Kind::positions:
      h = b.add(h, b.broadcastInDim(w[0], in, {1, 2}));
      break;
    case Step::Kind::tokenEmbedding:
      // Each id's row of the table: one [1, width] slice per id, the id's dim collapsed.
      h = b.gather(w[0], h, {{2}, {0}, {0}, 2}, {1, step.features});
      table = w[0];
      break;
    case Step::Kind::tiedHead:
      h = tiedLogits(b, h, table, precision);
      break;
    case Step::Kind::attention:
      h = emitAttention(b, step, h, w, precision, out);
      break;
    case Step::Kind::dropPath: {
      if (!dropMask) break;
      Value* row = b.slice(dropMask, {branch, 0}, {branch + 1, in[0]});
      Value* perSample = b.reshape(row, {in[0]});
      h = b.multiply(h, b.broadcastInDim(perSample, in, {0}));
      ++branch;
      break;
    }
    case Step::Kind::squeeze: {
      Value* sum = b.reduce(h, scalarLike(b, 0.0, h->type.elementType), {2, 3}, OpKind::add);
      Value* mean = b.divide(
          sum, full(b, static_cast<double>(in[2] * in[3]), h->type.elementType, sum->type.shape));
      h = b.reshape(mean, {in[0], in[1], 1, 1});
      break;
    }
    case Step::Kind::excite: {
      Value* gate = b.reshape(h, {in[0], in[1]});
      Value* input = skips.back();
      skips.pop_back();
      h = b.multiply(input, b.broadcastInDim(gate, input->type.shape, {0, 1}));
      break;
    }
    case Step::Kind::dropout:
      if (!dropoutMasks.empty()) {
        if (dropoutMasks[dropout]->type.shape != in)
          throw VerifyError(spec.name + ": dropout mask " +
                            toString(dropoutMasks[dropout]->type.shape) + " for values " +
                            toString(in));
        h = b.multiply(h, dropoutMasks[dropout]);
      }
      ++dropout;
      break;
    case Step::Kind::layerScale:
      h = b.multiply(h, perChannel(b, w[0], in));
      break;
    case Step::Kind::firstToken: {
      Value* first = b.slice(h, {0, 0, 0}, {in[0], 1, in[2]});
      h = b.reshape(first, {in[0], in[2]});
      break;
    }
    }
  });
  out.logits = values[static_cast<int>(Path::main)];
  return out;
}

namespace {

// Attention of one new token per sequence against the cache (emitDecodeStep): x [B, 1, D].
Value* decodeAttention(Builder& b, const Step& step, Value* x, std::span<Value* const> w,
                       Value* position, Value*& keys, Value*& values) {
  const Shape& cache = keys->type.shape; // [B, H, T, dh]
  const int64_t batch = cache[0], heads = cache[1], headWidth = cache[3];
  const int64_t width = heads * headWidth;
  const ElementType t = x->type.elementType;
  auto split = [&](Value* v) {
    Value* r = b.reshape(v, {batch, 1, heads, headWidth});
    return b.transpose(r, {0, 2, 1, 3}); // [B, H, 1, dh]
  };
  Value* q = split(denseLayer(b, x, w[0], w[1], Precision::f32));
  Value* k = split(denseLayer(b, x, w[2], w[3], Precision::f32));
  Value* v = split(denseLayer(b, x, w[4], w[5], Precision::f32));
  if (step.rotary) {
    // The tables' rows of `position`, as the forward's row of each token.
    auto [cosTable, sinTable] = rotaryTables(cache[2], headWidth, t);
    Value* cosAll = b.constant(std::move(cosTable));
    Value* sinAll = b.constant(std::move(sinTable));
    Value* zero = b.scalar<int32_t>(0);
    Value* cos = b.dynamicSlice(cosAll, {position, zero}, {1, headWidth / 2});
    Value* sin = b.dynamicSlice(sinAll, {position, zero}, {1, headWidth / 2});
    q = rotateHalves(b, q, cos, sin);
    k = rotateHalves(b, k, cos, sin);
  }
  // The cache row of `position` takes this token's key and value (rotated: the cache holds keys
  // as the forward's scores read them).
  Value* slot = b.iota({ElementType::i32, cache}, 2);
  Value* here = b.broadcastInDim(position, cache, {});
  Value* isHere = b.compare(slot, here, ComparisonDirection::EQ);
  Value* kWide = b.broadcastInDim(k, cache, {0, 1, 2, 3});
  keys = b.select(isHere, kWide, keys);
  Value* vWide = b.broadcastInDim(v, cache, {0, 1, 2, 3});
  values = b.select(isHere, vWide, values);
  Value* scores = b.dotGeneral(q, keys, {{0, 1}, {0, 1}, {3}, {3}}, t); // [B, H, 1, T]
  const Shape& scoreShape = scores->type.shape;
  Value* scaled =
      b.multiply(scores, full(b, 1.0 / std::sqrt(static_cast<double>(headWidth)), t, scoreShape));
  // Positions after this one hold nothing yet (or an older sequence's values): hidden, as the
  // causal mask hides the future in the forward.
  Value* column = b.iota({ElementType::i32, scoreShape}, 3);
  Value* upTo = b.broadcastInDim(position, scoreShape, {});
  Value* visible = b.compare(column, upTo, ComparisonDirection::LE);
  Value* hidden = full(b, -std::numeric_limits<double>::infinity(), t, scoreShape);
  Value* masked = b.select(visible, scaled, hidden);
  Value* p = emitSoftmax(b, masked);
  Value* attended = b.dotGeneral(p, values, {{0, 1}, {0, 1}, {3}, {2}}, t); // [B, H, 1, dh]
  Value* merged = b.transpose(attended, {0, 2, 1, 3});
  Value* flat = b.reshape(merged, {batch, 1, width});
  return denseLayer(b, flat, w[6], w[7], Precision::f32);
}

} // namespace

DecodeStep emitDecodeStep(Builder& b, const NetSpec& spec, std::span<Value* const> params,
                          Value* ids, Value* position, std::span<Value* const> keys,
                          std::span<Value* const> values) {
  if (!spec.input.tokens()) throw VerifyError(spec.name + ": decoding needs a net of token input");
  DecodeStep out;
  out.keys.assign(keys.begin(), keys.end());
  out.values.assign(values.begin(), values.end());
  size_t p = 0, attention = 0;
  Value* main = ids;
  Value* shortcut = nullptr;
  Value* table = nullptr;
  walkSteps(spec, 1, [&](const Step& step, const Shape& in, const Shape&) {
    std::span<Value* const> w = params.subspan(p, stepParameters(step, in).size());
    p += w.size();
    if (step.path != Path::main)
      throw VerifyError(spec.name + ": decoding reads no shortcut steps");
    switch (step.kind) {
    case Step::Kind::tokenEmbedding:
      main = b.gather(w[0], main, {{2}, {0}, {0}, 2}, {1, step.features});
      table = w[0];
      break;
    case Step::Kind::tiedHead:
      main = tiedLogits(b, main, table, Precision::f32);
      break;
    case Step::Kind::positions: {
      Value* zero = b.scalar<int32_t>(0);
      Value* row = b.dynamicSlice(w[0], {position, zero}, {1, in[2]}); // [1, D]
      main = b.add(main, b.broadcastInDim(row, main->type.shape, {1, 2}));
      break;
    }
    case Step::Kind::layerNorm:
      main = emitLayerNorm(b, main, w[0], w[1], 2, step.epsilon).y;
      break;
    case Step::Kind::attention:
      if (!step.causal || attention >= out.keys.size())
        throw VerifyError(spec.name + ": decoding needs causal attention and a cache per layer");
      main =
          decodeAttention(b, step, main, w, position, out.keys[attention], out.values[attention]);
      ++attention;
      break;
    case Step::Kind::dense:
      main = denseLayer(b, main, w[0], w[1], Precision::f32);
      break;
    case Step::Kind::activation:
      main = emitActivation(b, main, step.activation);
      break;
    case Step::Kind::fork:
      shortcut = main;
      break;
    case Step::Kind::join:
      main = b.add(main, shortcut);
      break;
    case Step::Kind::dropPath: // training only
    case Step::Kind::dropout:
      break;
    default:
      throw VerifyError(spec.name + ": decoding does not take its layer " + step.name);
    }
  });
  if (attention != out.keys.size())
    throw VerifyError(spec.name + ": " + std::to_string(out.keys.size()) + " caches for " +
                      std::to_string(attention) + " attention layers");
  const Shape& s = main->type.shape; // [B, 1, V]
  out.logits = b.reshape(main, {s[0], s[2]});
  return out;
}

BatchNormGrads batchNormBackward(Builder& b, const BatchNorm& bn, Value* dy) {
  const Shape& shape = bn.x->type.shape;
  ElementType t = bn.x->type.elementType;
  Value* zero = scalarLike(b, 0.0, t);
  Value* n = perChannelCount(b, bn.x, bn.replicas);
  Value* sumDy = b.reduce(dy, zero, {0, 2, 3}, OpKind::add);
  Value* sumDyCentered = b.reduce(b.multiply(dy, bn.centered), zero, {0, 2, 3}, OpKind::add);
  const std::vector<Value*> sums = overReplicas(b, {sumDy, sumDyCentered}, bn.replicas);
  Value* centeredCoefficient =
      b.divide(b.multiply(b.multiply(bn.scale, b.multiply(bn.invStd, bn.invStd)), sums[1]), n);
  Value* dx = b.subtract(b.multiply(b.subtract(dy, perChannel(b, b.divide(sums[0], n), shape)),
                                    perChannel(b, bn.scale, shape)),
                         b.multiply(bn.centered, perChannel(b, centeredCoefficient, shape)));
  return {dx, b.multiply(sumDyCentered, bn.invStd), sumDy};
}

} // namespace hlotrain::nn
