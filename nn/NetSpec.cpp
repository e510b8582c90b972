#include "nn/NetSpec.h"

#include "nn/Compose.h"
#include "support/Error.h"

namespace hlotrain::nn {

namespace {

// FAMILIES.md 2.6: an LM's token and position tables start at std 0.02 (GPT-2's).
constexpr float kLmTableStd = 0.02f;

void requireFeatures(const Composer& c, int64_t features) {
  if (features < 1) c.fail("needs a positive feature count");
}

// A convolution of `channels` outputs (the input's count when depthwise), its bias or its
// BatchNorm, and its activation: conv<i> (dwconv<i>), bn<i>.
Layer convolution(int64_t channels, int64_t kernel, int64_t stride, Activation activation,
                  Padding padding, bool batchNorm, bool depthwise) {
  return {[=](Composer& c) {
    const ir::Shape& in = c.shape();
    int64_t features = depthwise ? (in.size() > 1 ? in[1] : 0) : channels;
    if (!depthwise) requireFeatures(c, features);
    const std::string i = c.index();
    c.conv(Path::main, (depthwise ? "dwconv" : "conv") + i, features, kernel, stride, padding,
           !batchNorm, depthwise);
    if (batchNorm) c.batchNorm(Path::main, "bn" + i);
    c.activate(activation);
  }};
}

} // namespace

Layer dense(int64_t features, Activation activation) {
  return {[=](Composer& c) {
    requireFeatures(c, features);
    c.dense("dense" + c.index(), features);
    c.activate(activation);
  }};
}
Layer conv2d(int64_t channels, int64_t kernel, int64_t stride, Activation activation,
             Padding padding) {
  return convolution(channels, kernel, stride, activation, padding, false, false);
}
Layer convBn(int64_t channels, int64_t kernel, int64_t stride, Activation activation,
             Padding padding) {
  return convolution(channels, kernel, stride, activation, padding, true, false);
}
Layer depthwiseConv(int64_t kernel, int64_t stride, Activation activation, Padding padding) {
  return convolution(0, kernel, stride, activation, padding, false, true);
}
Layer depthwiseConvBn(int64_t kernel, int64_t stride, Activation activation, Padding padding) {
  return convolution(0, kernel, stride, activation, padding, true, true);
}
Layer maxPool(int64_t window, int64_t stride, Padding padding) {
  return {[=](Composer& c) { c.maxPool(window, stride, padding); }};
}
Layer flatten() {
  return {[](Composer& c) { c.flatten(); }};
}
Layer globalAvgPool() {
  return {[](Composer& c) { c.globalAvgPool(); }};
}
Layer activation(Activation activation) {
  return {[=](Composer& c) { c.activate(activation); }};
}
Layer layerNorm(float epsilon) {
  return {[=](Composer& c) { c.layerNorm(Path::main, "ln" + c.index(), epsilon); }};
}
Layer dropout(double rate) {
  return {[=](Composer& c) { c.dropout(rate); }};
}
Layer tokenEmbedding(int64_t width, bool learnedPositions) {
  return {[=](Composer& c) {
    const std::string name = "tok" + c.index();
    c.tokenEmbedding(name, width, kLmTableStd);
    if (learnedPositions) c.positions(name, kLmTableStd);
  }};
}
Layer tiedHead() {
  return {[](Composer& c) { c.tiedHead(); }};
}
Layer classToken() {
  return {[](Composer& c) {
    if (c.shape().size() != 3)
      c.fail("a class-token head needs tokens [B, T, D] (a patch embedding before it), got " +
             ir::toString(c.shape()));
    c.firstToken();
  }};
}

std::vector<Setting> imagenetteRecipe(const char* lr, const char* warmupEpochs,
                                      const char* labelSmoothing) {
  return {{"batch", "32"},
          {"lr", lr},
          {"epochs", "80"},
          {"warmup-epochs", warmupEpochs},
          {"label-smoothing", labelSmoothing}};
}

NetSpec NetSpec::withSymmetricPadding() const {
  NetSpec copy = *this;
  copy.symmetricPadding = true;
  return copy;
}

NetSpec NetSpec::withBuildTag(std::string tag) const {
  NetSpec copy = *this;
  copy.buildTag = std::move(tag);
  return copy;
}

ir::TensorType inputType(const NetSpec& spec, int64_t batch) {
  const InputGeometry& g = spec.input;
  if (g.tokens()) return {ir::ElementType::i32, {batch, g.context}};
  return {ir::ElementType::f32, {batch, g.channels, g.height, g.width}};
}

std::string inputText(const InputGeometry& g) {
  if (g.tokens()) return std::to_string(g.context) + " tokens";
  return std::to_string(g.channels) + "x" + std::to_string(g.height) + "x" +
         std::to_string(g.width);
}

bool decays(ParamRole role) {
  return role == ParamRole::weight || role == ParamRole::embedding;
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

std::vector<double> dropPathDepths(const NetSpec& spec) {
  std::vector<double> depths;
  walkSteps(spec, 1, [&](const Step& step, const ir::Shape&, const ir::Shape&) {
    if (step.kind == Step::Kind::dropPath) depths.push_back(step.depth);
  });
  return depths;
}

std::vector<DropoutSite> dropoutSites(const NetSpec& spec) {
  std::vector<DropoutSite> sites;
  walkSteps(spec, 1, [&](const Step& step, const ir::Shape& in, const ir::Shape&) {
    if (step.kind == Step::Kind::dropout) sites.push_back({{in.begin() + 1, in.end()}, step.rate});
  });
  return sites;
}

ir::Shape outputShape(const NetSpec& spec, int64_t batch) {
  return walkSteps(spec, batch, [](const Step&, const ir::Shape&, const ir::Shape&) {});
}

} // namespace hlotrain::nn
