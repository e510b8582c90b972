#include "nn/Emit.h"

#include <limits>

#include "nn/Shapes.h"
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

Value* activate(Builder& b, Value* x, Activation a) {
  ElementType t = x->type.elementType;
  switch (a) {
  case Activation::identity:
    return x;
  case Activation::relu:
    return b.maximum(x, full(b, 0.0, t, x->type.shape));
  case Activation::relu6:
    return b.clamp(scalarLike(b, 0.0, t), x, scalarLike(b, 6.0, t));
  }
  return x;
}

// Per-channel vector [C] broadcast along dim 1 of an NCHW or NC tensor.
Value* perChannel(Builder& b, Value* v, const Shape& shape) {
  return b.broadcastInDim(v, shape, {1});
}

// The number of elements BatchNorm averages per channel of NCHW `x` (N*H*W), as a [C] vector.
Value* perChannelCount(Builder& b, const Value* x) {
  const Shape& shape = x->type.shape;
  return full(b, static_cast<double>(shape[0] * shape[2] * shape[3]), x->type.elementType,
              {shape[1]});
}

Value* conv(Builder& b, const Step& step, Value* x, Value* w) {
  Attributes a;
  a.conv.inputSpatialDimensions = {2, 3};
  a.conv.kernelSpatialDimensions = {2, 3};
  a.conv.outputSpatialDimensions = {2, 3};
  a.windowStrides = {step.stride, step.stride};
  for (int d = 2; d < 4; ++d)
    a.padding.push_back(windowPadding(step.padding, x->type.shape[d], step.kernel, step.stride));
  a.featureGroupCount = step.depthwise ? x->type.shape[1] : 1;
  return b.convolution(x, w, a);
}

} // namespace

BatchNorm emitBatchNorm(Builder& b, Value* x, Value* gamma, Value* beta, Value* runningMean,
                        Value* runningVar) {
  const Shape& shape = x->type.shape;
  ElementType t = x->type.elementType;
  BatchNorm bn{x, gamma, beta, runningMean, runningVar, nullptr, nullptr, nullptr, nullptr};
  if (runningMean == nullptr) {
    Value* zero = scalarLike(b, 0.0, t);
    Value* n = perChannelCount(b, x);
    bn.mean = b.divide(b.reduce(x, zero, {0, 2, 3}, OpKind::add), n);
    bn.centered = b.subtract(x, perChannel(b, bn.mean, shape));
    bn.var =
        b.divide(b.reduce(b.multiply(bn.centered, bn.centered), zero, {0, 2, 3}, OpKind::add), n);
  } else {
    bn.centered = b.subtract(x, perChannel(b, bn.mean, shape));
  }
  bn.invStd = b.unary(OpKind::rsqrt, b.add(bn.var, full(b, kBnEpsilon, t, {shape[1]})));
  bn.scale = b.multiply(bn.invStd, gamma);
  bn.y = b.add(b.multiply(bn.centered, perChannel(b, bn.scale, shape)), perChannel(b, beta, shape));
  return bn;
}

ForwardValues emitForward(Builder& b, const NetSpec& spec, std::span<Value* const> params, Value* x,
                          BnMode mode, std::span<Value* const> runningMean,
                          std::span<Value* const> runningVar) {
  const Shape& xs = x->type.shape;
  if (xs.size() != 4 || xs[1] != spec.input.channels || xs[2] != spec.input.height ||
      xs[3] != spec.input.width)
    throw VerifyError(spec.name + ": input " + toString(xs) + " does not match the geometry " +
                      std::to_string(spec.input.channels) + "x" +
                      std::to_string(spec.input.height) + "x" + std::to_string(spec.input.width));
  size_t expected = parameters(spec).size();
  if (params.size() != expected)
    throw VerifyError(spec.name + ": " + std::to_string(params.size()) + " parameters given, " +
                      std::to_string(expected) + " expected");
  size_t bnCount = bnChannels(spec).size();
  bool running = mode == BnMode::running;
  if (running && (runningMean.size() != bnCount || runningVar.size() != bnCount))
    throw VerifyError(spec.name + ": running statistics for " + std::to_string(bnCount) +
                      " BatchNorm layers expected");
  ForwardValues out;
  size_t p = 0, bn = 0;
  Value* values[2] = {x, nullptr}; // indexed by Path
  walkSteps(spec, xs[0], [&](const Step& step, const Shape& in, const Shape&) {
    Value*& h = values[static_cast<int>(step.path)];
    std::span<Value* const> w = params.subspan(p, stepParameters(step, in).size());
    p += w.size();
    switch (step.kind) {
    case Step::Kind::dense: {
      Value* y = b.dotGeneral(h, w[0], {{}, {}, {1}, {0}});
      h = b.add(y, b.broadcastInDim(w[1], y->type.shape, {1}));
      break;
    }
    case Step::Kind::conv:
      h = conv(b, step, h, w[0]);
      if (step.bias) h = b.add(h, perChannel(b, w[1], h->type.shape));
      break;
    case Step::Kind::batchNorm: {
      BatchNorm n = emitBatchNorm(b, h, w[0], w[1], running ? runningMean[bn] : nullptr,
                                  running ? runningVar[bn] : nullptr);
      if (!running) out.batchNorms.push_back(n);
      h = n.y;
      ++bn;
      break;
    }
    case Step::Kind::activation:
      h = activate(b, h, step.activation);
      break;
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
    }
  });
  out.logits = values[static_cast<int>(Path::main)];
  return out;
}

BatchNormGrads batchNormBackward(Builder& b, const BatchNorm& bn, Value* dy) {
  const Shape& shape = bn.x->type.shape;
  ElementType t = bn.x->type.elementType;
  Value* zero = scalarLike(b, 0.0, t);
  Value* n = perChannelCount(b, bn.x);
  Value* sumDy = b.reduce(dy, zero, {0, 2, 3}, OpKind::add);
  Value* sumDyCentered = b.reduce(b.multiply(dy, bn.centered), zero, {0, 2, 3}, OpKind::add);
  Value* centeredCoefficient = b.divide(
      b.multiply(b.multiply(bn.scale, b.multiply(bn.invStd, bn.invStd)), sumDyCentered), n);
  Value* dx = b.subtract(b.multiply(b.subtract(dy, perChannel(b, b.divide(sumDy, n), shape)),
                                    perChannel(b, bn.scale, shape)),
                         b.multiply(bn.centered, perChannel(b, centeredCoefficient, shape)));
  return {dx, b.multiply(sumDyCentered, bn.invStd), sumDy};
}

} // namespace hlotrain::nn
