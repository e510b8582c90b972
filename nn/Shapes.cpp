#include "nn/Shapes.h"

#include "support/Error.h"

namespace hlotrain::nn {

std::pair<int64_t, int64_t> windowPadding(Padding padding, int64_t input, int64_t kernel,
                                          int64_t stride) {
  switch (padding) {
  case Padding::same: {
    int64_t out = (input + stride - 1) / stride;
    int64_t total = std::max<int64_t>((out - 1) * stride + kernel - input, 0);
    return {total / 2, total - total / 2};
  }
  case Padding::symmetric:
    return {kernel / 2, kernel / 2};
  case Padding::valid:
    break;
  }
  return {0, 0};
}

namespace {

int64_t windowed(const Layer& layer, int64_t input) {
  auto [low, high] = windowPadding(layer.padding, input, layer.kernel, layer.stride);
  int64_t padded = input + low + high;
  return padded < layer.kernel ? 0 : (padded - layer.kernel) / layer.stride + 1;
}

std::string describe(const NetSpec& spec, size_t index) {
  return spec.name + " layer " + std::to_string(index);
}

} // namespace

void walkLayers(const NetSpec& spec, int64_t batch, const LayerVisitor& visit) {
  ir::Shape shape = {batch, spec.input.channels, spec.input.height, spec.input.width};
  for (size_t i = 0; i < spec.layers.size(); ++i) {
    const Layer& layer = spec.layers[i];
    ir::Shape out;
    bool spatial = shape.size() == 4;
    switch (layer.kind) {
    case Layer::Kind::dense:
      if (shape.size() != 2)
        throw VerifyError(describe(spec, i) + ": dense needs a 2-D input, got " +
                          ir::toString(shape) + " (add flatten)");
      out = {batch, layer.features};
      break;
    case Layer::Kind::conv2d:
    case Layer::Kind::convBn:
    case Layer::Kind::maxPool:
      if (!spatial)
        throw VerifyError(describe(spec, i) + ": needs an NCHW input, got " + ir::toString(shape));
      if (layer.kernel < 1 || layer.stride < 1)
        throw VerifyError(describe(spec, i) + ": kernel and stride must be positive");
      out = {batch, layer.kind == Layer::Kind::maxPool ? shape[1] : layer.features,
             windowed(layer, shape[2]), windowed(layer, shape[3])};
      if (out[2] == 0 || out[3] == 0)
        throw VerifyError(describe(spec, i) + ": window larger than its input " +
                          ir::toString(shape));
      break;
    case Layer::Kind::flatten: {
      int64_t features = 1;
      for (size_t d = 1; d < shape.size(); ++d) features *= shape[d];
      out = {batch, features};
      break;
    }
    case Layer::Kind::globalAvgPool:
      if (!spatial)
        throw VerifyError(describe(spec, i) + ": needs an NCHW input, got " + ir::toString(shape));
      out = {batch, shape[1]};
      break;
    case Layer::Kind::activation:
      out = shape;
      break;
    }
    if ((layer.kind == Layer::Kind::dense || layer.kind == Layer::Kind::conv2d ||
         layer.kind == Layer::Kind::convBn) &&
        layer.features < 1)
      throw VerifyError(describe(spec, i) + ": needs a positive feature count");
    visit(i, layer, shape, out);
    shape = std::move(out);
  }
}

} // namespace hlotrain::nn
