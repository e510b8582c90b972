#include "nn/Compose.h"

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

size_t layerNormAxis(const ir::Shape& in) {
  return in.size() == 4 ? 1 : in.size() - 1;
}

std::vector<ParamInfo> stepParameters(const Step& step, const ir::Shape& in) {
  const std::string& n = step.name;
  switch (step.kind) {
  case Step::Kind::dense: {
    const int64_t features = in.back();
    return {{n + ".w", {features, step.features}, ParamRole::weight, features},
            {n + ".b", {step.features}, ParamRole::bias, 0}};
  }
  case Step::Kind::conv: {
    int64_t k = step.kernel, perGroup = step.depthwise ? 1 : in[1];
    std::vector<ParamInfo> params = {
        {n + ".w", {step.features, perGroup, k, k}, ParamRole::weight, perGroup * k * k}};
    if (step.bias) params.push_back({n + ".b", {step.features}, ParamRole::bias, 0});
    return params;
  }
  case Step::Kind::batchNorm:
    return {{n + ".gamma", {in[1]}, ParamRole::bnScale, 0},
            {n + ".beta", {in[1]}, ParamRole::bnShift, 0}};
  case Step::Kind::layerNorm: {
    const int64_t features = in[layerNormAxis(in)];
    return {{n + ".gamma", {features}, ParamRole::lnScale, 0},
            {n + ".beta", {features}, ParamRole::lnShift, 0}};
  }
  case Step::Kind::classToken:
    return {{n + ".cls", {in[2]}, ParamRole::classToken, 0}};
  case Step::Kind::layerScale:
    return {{n + ".gamma", {in[1]}, ParamRole::layerScale, 0}};
  case Step::Kind::positions:
    return {{n + ".pos", {in[1], in[2]}, ParamRole::position, in[1], step.initStd}};
  case Step::Kind::tokenEmbedding:
    return {{n + ".tok", {step.vocabulary, step.features}, ParamRole::embedding, 0, step.initStd}};
  case Step::Kind::attention: {
    const int64_t d = in[2];
    std::vector<ParamInfo> params;
    for (const char* projection : {"q", "k", "v", "o"}) {
      params.push_back({n + projection + ".w", {d, d}, ParamRole::weight, d});
      params.push_back({n + projection + ".b", {d}, ParamRole::bias, 0});
    }
    return params;
  }
  default:
    return {};
  }
}

namespace {

int64_t windowed(const Step& step, int64_t input) {
  auto [low, high] = windowPadding(step.padding, input, step.kernel, step.stride);
  int64_t padded = input + low + high;
  return padded < step.kernel ? 0 : (padded - step.kernel) / step.stride + 1;
}

// The shape rule of one step.
ir::Shape stepOutput(const Step& step, const ir::Shape& in, const std::string& where) {
  bool spatial = in.size() == 4;
  auto needSpatial = [&] {
    if (!spatial) throw VerifyError(where + ": needs an NCHW input, got " + ir::toString(in));
  };
  auto needTokens = [&] {
    if (in.size() != 3)
      throw VerifyError(where + ": needs tokens [B, T, D] (a patch embedding before it), got " +
                        ir::toString(in));
  };
  switch (step.kind) {
  case Step::Kind::dense: {
    if (in.size() != 2 && in.size() != 3)
      throw VerifyError(where + ": dense needs features [B, F] or tokens [B, T, D], got " +
                        ir::toString(in) + " (add flatten)");
    ir::Shape out = in;
    out.back() = step.features;
    return out;
  }
  case Step::Kind::conv:
  case Step::Kind::maxPool: {
    needSpatial();
    if (step.kernel < 1 || step.stride < 1)
      throw VerifyError(where + ": kernel and stride must be positive");
    ir::Shape out = {in[0], step.kind == Step::Kind::maxPool ? in[1] : step.features,
                     windowed(step, in[2]), windowed(step, in[3])};
    if (out[2] == 0 || out[3] == 0)
      throw VerifyError(where + ": window larger than its input " + ir::toString(in));
    return out;
  }
  case Step::Kind::batchNorm:
    needSpatial();
    if (!(step.epsilon > 0.0f)) throw VerifyError(where + ": BatchNorm needs an epsilon > 0");
    return in;
  case Step::Kind::globalAvgPool:
    needSpatial();
    return {in[0], in[1]};
  case Step::Kind::squeeze:
    needSpatial();
    return {in[0], in[1], 1, 1};
  case Step::Kind::layerScale:
    needSpatial();
    return in;
  case Step::Kind::flatten: {
    int64_t features = 1;
    for (size_t d = 1; d < in.size(); ++d) features *= in[d];
    return {in[0], features};
  }
  case Step::Kind::upsample:
    needSpatial();
    return {in[0], in[1], 2 * in[2], 2 * in[3]};
  case Step::Kind::layerNorm:
    if (in.size() < 2)
      throw VerifyError(where + ": layer norm needs [B, F], tokens or NCHW, got " +
                        ir::toString(in));
    if (!(step.epsilon > 0.0f)) throw VerifyError(where + ": layer norm needs an epsilon > 0");
    return in;
  case Step::Kind::tokens:
    needSpatial();
    return {in[0], in[2] * in[3], in[1]};
  case Step::Kind::classToken:
    needTokens();
    return {in[0], in[1] + 1, in[2]};
  case Step::Kind::positions:
    needTokens();
    return in;
  case Step::Kind::attention:
    needTokens();
    if (step.heads < 1 || in[2] % step.heads != 0)
      throw VerifyError(where + ": " + std::to_string(step.heads) +
                        " heads do not divide the width " + std::to_string(in[2]));
    if (step.queryBlock < 0) throw VerifyError(where + ": a query block must be positive");
    if (step.rotary && (in[2] / step.heads) % 2 != 0)
      throw VerifyError(where + ": rotary positions need an even head width, got " +
                        std::to_string(in[2] / step.heads));
    return in;
  case Step::Kind::firstToken:
    needTokens();
    return {in[0], in[2]};
  case Step::Kind::tiedHead:
    needTokens();
    return {in[0], in[1], step.vocabulary};
  case Step::Kind::tokenEmbedding:
    if (in.size() != 2)
      throw VerifyError(where + ": a token embedding needs token ids [B, T], got " +
                        ir::toString(in));
    return {in[0], in[1], step.features};
  case Step::Kind::activation:
  case Step::Kind::dropPath:
  case Step::Kind::fork:
  case Step::Kind::join:
  case Step::Kind::pushSkip:
  case Step::Kind::concatSkip: // its shape needs the skip stack: walkSteps
  case Step::Kind::excite:
    break;
  case Step::Kind::dropout:
    if (!(step.rate >= 0.0 && step.rate < 1.0))
      throw VerifyError(where + ": a dropout rate must be in [0, 1)");
    break;
  }
  return in;
}

} // namespace

Composer::Composer(const NetSpec& spec, int64_t batch, const StepVisitor& visit)
    : spec_(spec), visit_(visit), shapes_{inputType(spec, batch).shape, {}} {}

const ir::Shape& Composer::shape(Path path) const {
  return shapes_[static_cast<int>(path)];
}

const ir::Shape* Composer::topSkip() const {
  return skips_.empty() ? nullptr : &skips_.back().shape;
}

size_t Composer::topSkipLayer() const {
  return skips_.empty() ? 0 : skips_.back().layer;
}

void Composer::fail(const std::string& message) const {
  throw VerifyError(spec_.name + " layer " + index() + ": " + message);
}

void Composer::step(Step step) {
  if (step.padding == Padding::same && spec_.symmetricPadding) step.padding = Padding::symmetric;
  ir::Shape& in = shapes_[static_cast<int>(step.path)];
  ir::Shape& main = shapes_[static_cast<int>(Path::main)];
  ir::Shape& shortcut = shapes_[static_cast<int>(Path::shortcut)];
  std::string where = spec_.name + " layer " + index();
  if (!step.name.empty()) where += " (" + step.name + ")";
  ir::Shape out = stepOutput(step, in, where);
  if (step.kind == Step::Kind::join && shortcut != main)
    throw VerifyError(where + ": shortcut " + ir::toString(shortcut) +
                      " does not match the block's output " + ir::toString(main));
  if (step.kind == Step::Kind::concatSkip) {
    if (skips_.empty()) fail("no skip to concatenate");
    const ir::Shape& s = skips_.back().shape;
    if (s[0] != main[0] || s[2] != main[2] || s[3] != main[3])
      throw VerifyError(where + ": the upsampled input " + ir::toString(main) +
                        " does not match its skip " + ir::toString(s) + " (the skip of " +
                        spec_.name + " layer " + std::to_string(skips_.back().layer) +
                        "); a UNet's input sides must be divisible by 2 per unetDown");
    out = {main[0], main[1] + s[1], main[2], main[3]};
  }
  if (step.kind == Step::Kind::excite) {
    if (skips_.empty()) fail("no input to excite");
    const ir::Shape& s = skips_.back().shape;
    if (s.size() != 4 || main != ir::Shape{s[0], s[1], 1, 1})
      throw VerifyError(where + ": a gate " + ir::toString(main) + " for the input " +
                        ir::toString(s) + " needs [N, C, 1, 1]");
    out = s;
  }
  visit_(step, in, out);
  if (step.kind == Step::Kind::fork) shortcut = main;
  if (step.kind == Step::Kind::pushSkip) skips_.push_back({main, layer_});
  if (step.kind == Step::Kind::concatSkip || step.kind == Step::Kind::excite) skips_.pop_back();
  in = std::move(out);
}

void Composer::dense(std::string name, int64_t features) {
  step({Step::Kind::dense, Path::main, std::move(name), features});
}

void Composer::conv(Path path, std::string name, int64_t features, int64_t kernel, int64_t stride,
                    Padding padding, bool bias, bool depthwise) {
  Step s{Step::Kind::conv, path, std::move(name), features, kernel, stride, padding};
  s.bias = bias;
  s.depthwise = depthwise;
  step(std::move(s));
}

void Composer::batchNorm(Path path, std::string name) {
  Step s{Step::Kind::batchNorm, path, std::move(name)};
  s.epsilon = spec_.bnEpsilon;
  step(std::move(s));
}

void Composer::layerNorm(Path path, std::string name, float epsilon) {
  Step s{Step::Kind::layerNorm, path, std::move(name)};
  s.epsilon = epsilon;
  step(std::move(s));
}

void Composer::attention(std::string name, int64_t heads, bool causal, bool rotary,
                         int64_t queryBlock) {
  Step s{Step::Kind::attention, Path::main, std::move(name)};
  s.heads = heads;
  s.causal = causal;
  s.rotary = rotary;
  s.queryBlock = queryBlock;
  step(std::move(s));
}

void Composer::positions(std::string name, float initStd) {
  Step s{Step::Kind::positions, Path::main, std::move(name)};
  s.initStd = initStd;
  step(std::move(s));
}

void Composer::tokenEmbedding(std::string name, int64_t width, float initStd) {
  if (!spec_.input.tokens()) fail("a token embedding needs token input (a vocabulary)");
  if (width < 1) fail("a token embedding needs a positive width");
  Step s{Step::Kind::tokenEmbedding, Path::main, std::move(name), width};
  s.vocabulary = spec_.input.vocabulary;
  s.initStd = initStd;
  step(std::move(s));
  embeddingWidth_ = width;
}

void Composer::tiedHead() {
  if (embeddingWidth_ == 0) fail("a tied head needs a token embedding before it");
  if (shape().size() != 3 || shape()[2] != embeddingWidth_)
    fail("a tied head needs tokens of the embedding's width " + std::to_string(embeddingWidth_) +
         ", got " + ir::toString(shape()));
  Step s{Step::Kind::tiedHead};
  s.vocabulary = spec_.input.vocabulary;
  step(std::move(s));
}

void Composer::dropPath(double depth) {
  Step s{Step::Kind::dropPath};
  s.depth = depth;
  step(std::move(s));
}

void Composer::dropout(double rate) {
  Step s{Step::Kind::dropout};
  s.rate = rate;
  step(std::move(s));
}

void Composer::squeezeExcite(const std::string& prefix, int64_t reduced, Activation activation,
                             Activation gate) {
  if (shape().size() != 4)
    fail("a squeeze-excitation needs an NCHW input, got " + ir::toString(shape()));
  if (reduced < 1) fail("a squeeze-excitation needs a positive reduced width");
  const int64_t channels = shape()[1];
  pushSkip();
  step({Step::Kind::squeeze});
  conv(Path::main, prefix + "reduce", reduced, 1, 1, Padding::valid, true);
  activate(activation);
  conv(Path::main, prefix + "expand", channels, 1, 1, Padding::valid, true);
  activate(gate);
  step({Step::Kind::excite});
}

void Composer::activate(Activation activation) {
  if (activation == Activation::identity) return;
  Step s{Step::Kind::activation};
  s.activation = activation;
  step(std::move(s));
}

void Composer::maxPool(int64_t window, int64_t stride, Padding padding) {
  step({Step::Kind::maxPool, Path::main, "", 0, window, stride, padding});
}

void Composer::convBn(const std::string& convName, const std::string& bnName, int64_t features,
                      int64_t kernel, int64_t stride, Padding padding, Activation activation,
                      bool depthwise) {
  conv(Path::main, convName, features, kernel, stride, padding, false, depthwise);
  batchNorm(Path::main, bnName);
  activate(activation);
}

ir::Shape Composer::composeAll() {
  for (layer_ = 0; layer_ < spec_.layers.size(); ++layer_) spec_.layers[layer_].compose(*this);
  if (!skips_.empty())
    throw VerifyError(
        spec_.name + ": the skip of layer " + std::to_string(skips_.back().layer) +
        (skips_.size() > 1 ? " and " + std::to_string(skips_.size() - 1) + " more" : "") +
        " is never consumed; the spec's unetDown and unetUp layers do not pair");
  return shape();
}

void checkBlockInput(const Composer& c, int64_t inChannels, int64_t outChannels,
                     std::initializer_list<int64_t> counts) {
  if (outChannels < 1) c.fail("needs a positive feature count");
  const ir::Shape& in = c.shape();
  if (in.size() != 4) c.fail("a block needs an NCHW input, got " + ir::toString(in));
  if (inChannels != in[1])
    c.fail("the block declares " + std::to_string(inChannels) + " input channels, its input has " +
           std::to_string(in[1]));
  for (int64_t count : counts)
    if (count < 1) c.fail("block count, stride and expansion must be positive");
}

ir::Shape walkSteps(const NetSpec& spec, int64_t batch, const StepVisitor& visit) {
  return Composer(spec, batch, visit).composeAll();
}

} // namespace hlotrain::nn
