#include "nn/NetSpec.h"

#include "nn/Shapes.h"
#include "support/Error.h"

namespace hlotrain::nn {

Layer dense(int64_t features, Activation activation) {
  return {Layer::Kind::dense, features, 1, 1, Padding::valid, activation};
}
Layer conv2d(int64_t channels, int64_t kernel, int64_t stride, Activation activation,
             Padding padding) {
  return {Layer::Kind::conv2d, channels, kernel, stride, padding, activation};
}
Layer convBn(int64_t channels, int64_t kernel, int64_t stride, Activation activation,
             Padding padding) {
  return {Layer::Kind::convBn, channels, kernel, stride, padding, activation};
}
Layer depthwiseConv(int64_t kernel, int64_t stride, Activation activation, Padding padding) {
  Layer layer = conv2d(0, kernel, stride, activation, padding);
  layer.depthwise = true;
  return layer;
}
Layer depthwiseConvBn(int64_t kernel, int64_t stride, Activation activation, Padding padding) {
  Layer layer = convBn(0, kernel, stride, activation, padding);
  layer.depthwise = true;
  return layer;
}
Layer maxPool(int64_t window, int64_t stride, Padding padding) {
  return {Layer::Kind::maxPool, 0, window, stride, padding, Activation::identity};
}
Layer flatten() {
  return {Layer::Kind::flatten, 0, 1, 1, Padding::valid, Activation::identity};
}
Layer globalAvgPool() {
  return {Layer::Kind::globalAvgPool, 0, 1, 1, Padding::valid, Activation::identity};
}
Layer activation(Activation activation) {
  return {Layer::Kind::activation, 0, 1, 1, Padding::valid, activation};
}

namespace {

Layer block(Layer::Kind kind, int64_t ic, int64_t oc, int64_t n, int64_t stride, Padding padding) {
  Layer layer{kind, oc, 3, stride, padding, Activation::identity};
  layer.inChannels = ic;
  layer.repeats = n;
  return layer;
}

} // namespace

Layer residualBlock(int64_t ic, int64_t oc, int64_t n, int64_t firstStride, Padding padding) {
  return block(Layer::Kind::residualBlock, ic, oc, n, firstStride, padding);
}
Layer bottleneckBlock(int64_t ic, int64_t oc, int64_t n, int64_t firstStride, Padding padding) {
  return block(Layer::Kind::bottleneckBlock, ic, oc, n, firstStride, padding);
}
Layer invertedResidual(int64_t ic, int64_t oc, int64_t expand, int64_t stride, int64_t n,
                       Padding padding) {
  Layer layer = block(Layer::Kind::invertedResidual, ic, oc, n, stride, padding);
  layer.expandRatio = expand;
  return layer;
}

Layer unetDown(int64_t ic, int64_t oc) {
  return block(Layer::Kind::unetDown, ic, oc, 1, 1, Padding::same);
}
Layer unetUp(int64_t ic, int64_t oc) {
  return block(Layer::Kind::unetUp, ic, oc, 1, 1, Padding::same);
}

NetSpec NetSpec::withSymmetricPadding() const {
  NetSpec copy = *this;
  for (Layer& layer : copy.layers)
    if (layer.padding == Padding::same) layer.padding = Padding::symmetric;
  return copy;
}

NetSpec NetSpec::withBuildTag(std::string tag) const {
  NetSpec copy = *this;
  copy.buildTag = std::move(tag);
  return copy;
}

std::vector<ParamInfo> parameters(const NetSpec& spec) {
  std::vector<ParamInfo> params;
  walkSteps(spec, 1, [&](const Step& step, const ir::Shape& in, const ir::Shape&) {
    for (ParamInfo& p : stepParameters(step, in)) params.push_back(std::move(p));
  });
  return params;
}

int64_t parameterCount(const NetSpec& spec) {
  int64_t n = 0;
  for (const ParamInfo& p : parameters(spec)) {
    int64_t size = 1;
    for (int64_t d : p.shape) size *= d;
    n += size;
  }
  return n;
}

std::vector<int64_t> bnChannels(const NetSpec& spec) {
  std::vector<int64_t> channels;
  walkSteps(spec, 1, [&](const Step& step, const ir::Shape& in, const ir::Shape&) {
    if (step.kind == Step::Kind::batchNorm) channels.push_back(in[1]);
  });
  return channels;
}

ir::Shape outputShape(const NetSpec& spec, int64_t batch) {
  return walkSteps(spec, batch, [](const Step&, const ir::Shape&, const ir::Shape&) {});
}

} // namespace hlotrain::nn
