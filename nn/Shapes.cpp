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

std::vector<ParamInfo> stepParameters(const Step& step, const ir::Shape& in) {
  const std::string& n = step.name;
  switch (step.kind) {
  case Step::Kind::dense:
    return {{n + ".w", {in[1], step.features}, ParamRole::weight, in[1]},
            {n + ".b", {step.features}, ParamRole::bias, 0}};
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
  default:
    return {};
  }
}

namespace {

// Appends steps with the defaults of the layer being expanded.
struct Expansion {
  Padding padding;
  std::vector<Step> steps;

  void conv(Path path, std::string name, int64_t features, int64_t kernel, int64_t stride,
            bool bias = false, bool depthwise = false) {
    Step s{Step::Kind::conv, path, std::move(name), features, kernel, stride, padding};
    s.bias = bias;
    s.depthwise = depthwise;
    steps.push_back(std::move(s));
  }
  void batchNorm(Path path, std::string name) {
    steps.push_back({Step::Kind::batchNorm, path, std::move(name)});
  }
  void activate(Activation a) {
    if (a == Activation::identity) return;
    Step s{Step::Kind::activation};
    s.activation = a;
    steps.push_back(std::move(s));
  }
  // conv (no bias) -> BN -> activation on the main path.
  void convBn(const std::string& convName, const std::string& bnName, int64_t features,
              int64_t kernel, int64_t stride, Activation a, bool depthwise = false) {
    conv(Path::main, convName, features, kernel, stride, false, depthwise);
    batchNorm(Path::main, bnName);
    activate(a);
  }
  void fork() { steps.push_back({Step::Kind::fork}); }
  // Adds the shortcut to the main path, projecting it first when the block changes the channels
  // or the stride.
  void join(const std::string& prefix, int64_t inChannels, int64_t outChannels, int64_t stride) {
    if (inChannels != outChannels || stride != 1) {
      conv(Path::shortcut, prefix + "proj", outChannels, 1, stride);
      batchNorm(Path::shortcut, prefix + "projbn");
    }
    steps.push_back({Step::Kind::join});
  }
};

// Expands `layer` (index `index` in its spec) on an input of `in` channels.
std::vector<Step> expand(const Layer& layer, size_t index, int64_t in) {
  const std::string i = std::to_string(index);
  Expansion e{layer.padding, {}};
  // Calls body(name prefix, input channels, stride) for each block of a block layer: the first
  // takes the layer's input and stride, the others its output and stride 1.
  auto eachBlock = [&](const char* kind, const auto& body) {
    for (int64_t j = 0; j < layer.repeats; ++j)
      body(kind + i + "." + std::to_string(j) + ".", j == 0 ? in : layer.features,
           j == 0 ? layer.stride : 1);
  };
  switch (layer.kind) {
  case Layer::Kind::dense:
    e.steps.push_back({Step::Kind::dense, Path::main, "dense" + i, layer.features});
    e.activate(layer.activation);
    break;
  case Layer::Kind::conv2d:
  case Layer::Kind::convBn: {
    int64_t features = layer.depthwise ? in : layer.features;
    std::string name = (layer.depthwise ? "dwconv" : "conv") + i;
    bool bn = layer.kind == Layer::Kind::convBn;
    e.conv(Path::main, name, features, layer.kernel, layer.stride, !bn, layer.depthwise);
    if (bn) e.batchNorm(Path::main, "bn" + i);
    e.activate(layer.activation);
    break;
  }
  case Layer::Kind::maxPool: {
    Step s{Step::Kind::maxPool, Path::main, "", 0, layer.kernel, layer.stride, layer.padding};
    e.steps.push_back(std::move(s));
    break;
  }
  case Layer::Kind::flatten:
    e.steps.push_back({Step::Kind::flatten});
    break;
  case Layer::Kind::globalAvgPool:
    e.steps.push_back({Step::Kind::globalAvgPool});
    break;
  case Layer::Kind::activation:
    e.activate(layer.activation);
    break;
  case Layer::Kind::residualBlock:
    eachBlock("res", [&](const std::string& p, int64_t ic, int64_t stride) {
      e.fork();
      e.convBn(p + "conv1", p + "bn1", layer.features, layer.kernel, stride, Activation::relu);
      e.convBn(p + "conv2", p + "bn2", layer.features, layer.kernel, 1, Activation::identity);
      e.join(p, ic, layer.features, stride);
      e.activate(Activation::relu);
    });
    break;
  case Layer::Kind::bottleneckBlock:
    eachBlock("bottleneck", [&](const std::string& p, int64_t ic, int64_t stride) {
      int64_t mid = layer.features / 4;
      e.fork();
      e.convBn(p + "conv1", p + "bn1", mid, 1, 1, Activation::relu);
      e.convBn(p + "conv2", p + "bn2", mid, layer.kernel, stride, Activation::relu);
      e.convBn(p + "conv3", p + "bn3", layer.features, 1, 1, Activation::identity);
      e.join(p, ic, layer.features, stride);
      e.activate(Activation::relu);
    });
    break;
  case Layer::Kind::unetDown: {
    const std::string p = "down" + i + ".";
    e.convBn(p + "conv1", p + "bn1", layer.features, 3, 1, Activation::relu);
    e.convBn(p + "conv2", p + "bn2", layer.features, 3, 1, Activation::relu);
    e.steps.push_back({Step::Kind::pushSkip});
    e.steps.push_back({Step::Kind::maxPool, Path::main, "", 0, 2, 2, Padding::valid});
    break;
  }
  case Layer::Kind::unetUp: {
    const std::string p = "up" + i + ".";
    e.steps.push_back({Step::Kind::upsample});
    e.steps.push_back({Step::Kind::concatSkip});
    e.convBn(p + "conv1", p + "bn1", layer.features, 3, 1, Activation::relu);
    e.convBn(p + "conv2", p + "bn2", layer.features, 3, 1, Activation::relu);
    break;
  }
  case Layer::Kind::invertedResidual:
    eachBlock("invres", [&](const std::string& p, int64_t ic, int64_t stride) {
      int64_t hidden = ic * layer.expandRatio;
      bool residual = stride == 1 && ic == layer.features;
      if (residual) e.fork();
      if (layer.expandRatio != 1)
        e.convBn(p + "expand", p + "expandbn", hidden, 1, 1, Activation::relu6);
      e.convBn(p + "dw", p + "dwbn", hidden, layer.kernel, stride, Activation::relu6, true);
      e.convBn(p + "project", p + "projectbn", layer.features, 1, 1, Activation::identity);
      if (residual) e.join(p, ic, layer.features, stride);
    });
    break;
  }
  return e.steps;
}

bool isBlock(Layer::Kind kind) {
  return kind == Layer::Kind::residualBlock || kind == Layer::Kind::bottleneckBlock ||
         kind == Layer::Kind::invertedResidual || kind == Layer::Kind::unetDown ||
         kind == Layer::Kind::unetUp;
}

// The checks a layer's own fields need before it can be expanded; the steps check the rest.
void checkLayer(const Layer& layer, const ir::Shape& in, const std::string& where) {
  bool hasFeatures = layer.kind == Layer::Kind::dense ||
                     ((layer.kind == Layer::Kind::conv2d || layer.kind == Layer::Kind::convBn) &&
                      !layer.depthwise) ||
                     isBlock(layer.kind);
  if (hasFeatures && layer.features < 1)
    throw VerifyError(where + ": needs a positive feature count");
  if (!isBlock(layer.kind)) return;
  if (in.size() != 4)
    throw VerifyError(where + ": a block needs an NCHW input, got " + ir::toString(in));
  if (layer.inChannels != in[1])
    throw VerifyError(where + ": the block declares " + std::to_string(layer.inChannels) +
                      " input channels, its input has " + std::to_string(in[1]));
  if (layer.repeats < 1 || layer.stride < 1 || layer.expandRatio < 1)
    throw VerifyError(where + ": block count, stride and expansion must be positive");
  if (layer.kind == Layer::Kind::bottleneckBlock && layer.features % 4 != 0)
    throw VerifyError(where + ": a bottleneck's output channels must be a multiple of 4, got " +
                      std::to_string(layer.features));
}

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
  switch (step.kind) {
  case Step::Kind::dense:
    if (in.size() != 2)
      throw VerifyError(where + ": dense needs a 2-D input, got " + ir::toString(in) +
                        " (add flatten)");
    return {in[0], step.features};
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
  case Step::Kind::globalAvgPool:
    needSpatial();
    return step.kind == Step::Kind::batchNorm ? in : ir::Shape{in[0], in[1]};
  case Step::Kind::flatten: {
    int64_t features = 1;
    for (size_t d = 1; d < in.size(); ++d) features *= in[d];
    return {in[0], features};
  }
  case Step::Kind::upsample:
    needSpatial();
    return {in[0], in[1], 2 * in[2], 2 * in[3]};
  case Step::Kind::activation:
  case Step::Kind::fork:
  case Step::Kind::join:
  case Step::Kind::pushSkip:
  case Step::Kind::concatSkip: // its shape needs the skip stack: walkSteps
    break;
  }
  return in;
}

// A skip on the stack, and the layer that pushed it (for messages).
struct Skip {
  ir::Shape shape;
  size_t layer;
};

// The output of popping `skip` onto `main` for the unetUp `layer`.
ir::Shape concatSkip(const Layer& layer, const ir::Shape& main, const Skip& skip,
                     const std::string& where, const std::string& specName) {
  const ir::Shape& s = skip.shape;
  const std::string from =
      " (the skip of " + specName + " layer " + std::to_string(skip.layer) + ")";
  if (s[1] != layer.features)
    throw VerifyError(where + ": unetUp(" + std::to_string(layer.inChannels) + ", " +
                      std::to_string(layer.features) + ") consumes a skip of " +
                      std::to_string(layer.features) + " channels, got " + ir::toString(s) + from);
  if (s[0] != main[0] || s[2] != main[2] || s[3] != main[3])
    throw VerifyError(where + ": the upsampled input " + ir::toString(main) +
                      " does not match its skip " + ir::toString(s) + from +
                      "; a UNet's input sides must be divisible by 2 per unetDown");
  return {main[0], main[1] + s[1], main[2], main[3]};
}

} // namespace

ir::Shape walkSteps(const NetSpec& spec, int64_t batch, const StepVisitor& visit) {
  ir::Shape shapes[2] = {{batch, spec.input.channels, spec.input.height, spec.input.width}, {}};
  ir::Shape& main = shapes[static_cast<int>(Path::main)];
  ir::Shape& shortcut = shapes[static_cast<int>(Path::shortcut)];
  std::vector<Skip> skips;
  for (size_t i = 0; i < spec.layers.size(); ++i) {
    std::string where = spec.name + " layer " + std::to_string(i);
    checkLayer(spec.layers[i], main, where);
    for (const Step& step : expand(spec.layers[i], i, main.size() > 1 ? main[1] : 0)) {
      ir::Shape& shape = shapes[static_cast<int>(step.path)];
      std::string stepWhere = step.name.empty() ? where : where + " (" + step.name + ")";
      ir::Shape out = stepOutput(step, shape, stepWhere);
      if (step.kind == Step::Kind::join && shortcut != main)
        throw VerifyError(stepWhere + ": shortcut " + ir::toString(shortcut) +
                          " does not match the block's output " + ir::toString(main));
      if (step.kind == Step::Kind::concatSkip) {
        if (skips.empty())
          throw VerifyError(where + ": unetUp has no skip to consume; the spec's unetDown and "
                                    "unetUp layers do not pair");
        out = concatSkip(spec.layers[i], main, skips.back(), where, spec.name);
      }
      visit(step, shape, out);
      if (step.kind == Step::Kind::fork) shortcut = main;
      if (step.kind == Step::Kind::pushSkip) skips.push_back({main, i});
      if (step.kind == Step::Kind::concatSkip) skips.pop_back();
      shape = std::move(out);
    }
  }
  if (!skips.empty())
    throw VerifyError(
        spec.name + ": the skip of layer " + std::to_string(skips.back().layer) +
        (skips.size() > 1 ? " and " + std::to_string(skips.size() - 1) + " more" : "") +
        " is never consumed; the spec's unetDown and unetUp layers do not pair");
  return main;
}

} // namespace hlotrain::nn
