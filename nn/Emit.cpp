#include "nn/Emit.h"

#include <limits>

#include "nn/Shapes.h"
#include "support/Error.h"

namespace hlotrain::nn {

using namespace ir;

namespace {

Value* scalarF32(Builder& b, float v) {
  return b.scalar<float>(v);
}

Value* full(Builder& b, float v, const Shape& shape) {
  return b.broadcastInDim(scalarF32(b, v), shape, {});
}

Value* activate(Builder& b, Value* x, Activation a) {
  switch (a) {
  case Activation::identity:
    return x;
  case Activation::relu:
    return b.maximum(x, full(b, 0.0f, x->type.shape));
  case Activation::relu6:
    return b.clamp(scalarF32(b, 0.0f), x, scalarF32(b, 6.0f));
  }
  return x;
}

// Per-channel vector [C] broadcast along dim 1 of an NCHW or NC tensor.
Value* perChannel(Builder& b, Value* v, const Shape& shape) {
  return b.broadcastInDim(v, shape, {1});
}

Value* conv(Builder& b, const Layer& layer, Value* x, Value* w) {
  Attributes a;
  a.conv.inputSpatialDimensions = {2, 3};
  a.conv.kernelSpatialDimensions = {2, 3};
  a.conv.outputSpatialDimensions = {2, 3};
  a.windowStrides = {layer.stride, layer.stride};
  for (int d = 2; d < 4; ++d)
    a.padding.push_back(windowPadding(layer.padding, x->type.shape[d], layer.kernel, layer.stride));
  return b.convolution(x, w, a);
}

struct BnOut {
  Value* y;
  Value* mean;
  Value* var;
};

BnOut batchNorm(Builder& b, Value* x, Value* gamma, Value* beta, Value* runningMean,
                Value* runningVar) {
  const Shape& shape = x->type.shape;
  Value* mean = runningMean;
  Value* var = runningVar;
  Value* centered;
  if (mean == nullptr) {
    float count = static_cast<float>(shape[0] * shape[2] * shape[3]);
    Value* zero = scalarF32(b, 0.0f);
    Value* n = full(b, count, {shape[1]});
    mean = b.divide(b.reduce(x, zero, {0, 2, 3}, OpKind::add), n);
    centered = b.subtract(x, perChannel(b, mean, shape));
    var = b.divide(b.reduce(b.multiply(centered, centered), zero, {0, 2, 3}, OpKind::add), n);
  } else {
    centered = b.subtract(x, perChannel(b, mean, shape));
  }
  Value* invStd = b.unary(OpKind::rsqrt, b.add(var, full(b, kBnEpsilon, {shape[1]})));
  Value* scale = b.multiply(invStd, gamma);
  Value* y = b.add(b.multiply(centered, perChannel(b, scale, shape)), perChannel(b, beta, shape));
  return {y, mean, var};
}

} // namespace

ForwardValues emitForward(Builder& b, const NetSpec& spec, std::span<Value* const> params, Value* x,
                          BnMode mode, std::span<Value* const> runningMean,
                          std::span<Value* const> runningVar) {
  size_t expected = parameters(spec).size();
  if (params.size() != expected)
    throw VerifyError(spec.name + ": " + std::to_string(params.size()) + " parameters given, " +
                      std::to_string(expected) + " expected");
  size_t bnCount = bnChannels(spec).size();
  if (mode == BnMode::running && (runningMean.size() != bnCount || runningVar.size() != bnCount))
    throw VerifyError(spec.name + ": running statistics for " + std::to_string(bnCount) +
                      " BatchNorm layers expected");
  ForwardValues out;
  size_t p = 0, bn = 0;
  Value* h = x;
  for (const Layer& layer : spec.layers) {
    switch (layer.kind) {
    case Layer::Kind::dense: {
      Value* y = b.dotGeneral(h, params[p], {{}, {}, {1}, {0}});
      h = activate(b, b.add(y, b.broadcastInDim(params[p + 1], y->type.shape, {1})),
                   layer.activation);
      p += 2;
      break;
    }
    case Layer::Kind::conv2d: {
      Value* y = conv(b, layer, h, params[p]);
      h = activate(b, b.add(y, perChannel(b, params[p + 1], y->type.shape)), layer.activation);
      p += 2;
      break;
    }
    case Layer::Kind::convBn: {
      Value* y = conv(b, layer, h, params[p]);
      bool running = mode == BnMode::running;
      BnOut n = batchNorm(b, y, params[p + 1], params[p + 2], running ? runningMean[bn] : nullptr,
                          running ? runningVar[bn] : nullptr);
      if (!running) {
        out.batchMean.push_back(n.mean);
        out.batchVar.push_back(n.var);
      }
      h = activate(b, n.y, layer.activation);
      p += 3;
      ++bn;
      break;
    }
    case Layer::Kind::maxPool: {
      Attributes w;
      w.windowDimensions = {1, 1, layer.kernel, layer.kernel};
      w.windowStrides = {1, 1, layer.stride, layer.stride};
      w.padding = {{0, 0}, {0, 0}};
      for (int d = 2; d < 4; ++d)
        w.padding.push_back(
            windowPadding(layer.padding, h->type.shape[d], layer.kernel, layer.stride));
      h = b.reduceWindow(h, scalarF32(b, -std::numeric_limits<float>::infinity()), w,
                         OpKind::maximum);
      break;
    }
    case Layer::Kind::flatten:
      h = b.reshape(h, {h->type.shape[0], h->type.numElements() / h->type.shape[0]});
      break;
    case Layer::Kind::globalAvgPool: {
      const Shape& s = h->type.shape;
      Value* sum = b.reduce(h, scalarF32(b, 0.0f), {2, 3}, OpKind::add);
      h = b.divide(sum, full(b, static_cast<float>(s[2] * s[3]), sum->type.shape));
      break;
    }
    case Layer::Kind::activation:
      h = activate(b, h, layer.activation);
      break;
    }
  }
  out.logits = h;
  return out;
}

} // namespace hlotrain::nn
