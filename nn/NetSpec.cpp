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

NetSpec NetSpec::withBuildTag(std::string tag) const {
  NetSpec copy = *this;
  copy.buildTag = std::move(tag);
  return copy;
}

std::vector<ParamInfo> parameters(const NetSpec& spec) {
  std::vector<ParamInfo> params;
  walkLayers(spec, 1, [&](size_t index, const Layer& layer, const ir::Shape& in, const ir::Shape&) {
    std::string prefix = std::to_string(index);
    if (layer.kind == Layer::Kind::dense) {
      params.push_back(
          {"dense" + prefix + ".w", {in[1], layer.features}, ParamRole::weight, in[1]});
      params.push_back({"dense" + prefix + ".b", {layer.features}, ParamRole::bias, 0});
    } else if (layer.kind == Layer::Kind::conv2d || layer.kind == Layer::Kind::convBn) {
      int64_t k = layer.kernel;
      params.push_back({"conv" + prefix + ".w",
                        {layer.features, in[1], k, k},
                        ParamRole::weight,
                        in[1] * k * k});
      if (layer.kind == Layer::Kind::conv2d) {
        params.push_back({"conv" + prefix + ".b", {layer.features}, ParamRole::bias, 0});
      } else {
        params.push_back({"bn" + prefix + ".gamma", {layer.features}, ParamRole::bnScale, 0});
        params.push_back({"bn" + prefix + ".beta", {layer.features}, ParamRole::bnShift, 0});
      }
    }
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
  for (const Layer& layer : spec.layers)
    if (layer.kind == Layer::Kind::convBn) channels.push_back(layer.features);
  return channels;
}

ir::Shape outputShape(const NetSpec& spec, int64_t batch) {
  ir::Shape out;
  walkLayers(spec, batch,
             [&](size_t, const Layer&, const ir::Shape&, const ir::Shape& shape) { out = shape; });
  return out;
}

} // namespace hlotrain::nn
