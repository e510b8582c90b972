#include "nn/MobileNet.h"

#include "nn/Compose.h"
#include "nn/EfficientNet.h"

namespace hlotrain::nn {

Layer invertedResidual(int64_t ic, int64_t oc, int64_t expand, int64_t stride, int64_t n,
                       Padding padding) {
  return {[=](Composer& c) {
    checkBlockInput(c, ic, oc, {n, stride, expand});
    forEachBlock(
        c, "invres", n, ic, oc, stride, [&](const std::string& p, int64_t in, int64_t blockStride) {
          const int64_t hidden = in * expand;
          const bool residual = blockStride == 1 && in == oc;
          if (residual) c.fork();
          if (expand != 1)
            c.convBn(p + "expand", p + "expandbn", hidden, 1, 1, padding, Activation::relu6);
          c.convBn(p + "dw", p + "dwbn", hidden, 3, blockStride, padding, Activation::relu6, true);
          c.convBn(p + "project", p + "projectbn", oc, 1, 1, padding, Activation::identity);
          if (residual) c.join();
        });
  }};
}

NetSpec mobileNetV2(int64_t side) {
  NetSpec spec{"MobileNetV2", {convBn(32, 3, 2, Activation::relu6)}, {3, side, side}, 10, ""};
  struct Stage {
    int64_t expand, channels, repeats, stride;
  };
  const Stage stages[] = {{1, 16, 1, 1}, {6, 24, 2, 2},  {6, 32, 3, 2}, {6, 64, 4, 2},
                          {6, 96, 3, 1}, {6, 160, 3, 2}, {6, 320, 1, 1}};
  int64_t channels = 32;
  for (const Stage& s : stages) {
    spec.layers.push_back(invertedResidual(channels, s.channels, s.expand, s.stride, s.repeats));
    channels = s.channels;
  }
  for (Layer layer : {convBn(1280, 1, 1, Activation::relu6), globalAvgPool(), dense(10)})
    spec.layers.push_back(layer);
  return spec;
}

int64_t makeDivisible(int64_t v) {
  int64_t rounded = std::max<int64_t>(8, (v + 4) / 8 * 8);
  if (10 * rounded < 9 * v) rounded += 8;
  return rounded;
}

namespace {

// The block's body, with the input added when `add`.
template <class Body> void maybeResidual(Composer& c, bool add, const Body& body) {
  if (add) c.fork();
  body();
  if (add) c.join();
}

} // namespace

Layer mobileNetV3Block(int64_t ic, const V3Block& v) {
  return {[=](Composer& c) {
    checkBlockInput(c, ic, v.oc, {v.kernel, v.expanded, v.stride});
    const std::string p = "bneck" + c.index() + ".";
    maybeResidual(c, v.stride == 1 && ic == v.oc, [&] {
      if (v.expanded != ic)
        c.convBn(p + "expand", p + "expandbn", v.expanded, 1, 1, Padding::symmetric, v.activation);
      c.convBn(p + "dw", p + "dwbn", v.expanded, v.kernel, v.stride, Padding::symmetric,
               v.activation, true);
      if (v.squeezeExcite)
        c.squeezeExcite(p + "se.", makeDivisible(v.expanded / 4), Activation::relu,
                        Activation::hardSigmoid);
      c.convBn(p + "project", p + "projectbn", v.oc, 1, 1, Padding::symmetric,
               Activation::identity);
    });
  }};
}

Layer universalInvertedBottleneck(int64_t ic, const Uib& u) {
  return {[=](Composer& c) {
    checkBlockInput(c, ic, u.oc, {u.expand, u.stride, u.start + 1, u.middle + 1});
    if (u.start == 0 && u.middle == 0 && u.stride != 1)
      c.fail("a universal inverted bottleneck without a depthwise convolution cannot take a "
             "stride");
    const std::string p = "uib" + c.index() + ".";
    const int64_t expanded = ic * u.expand;
    maybeResidual(c, u.stride == 1 && ic == u.oc, [&] {
      if (u.start > 0)
        c.convBn(p + "dwstart", p + "dwstartbn", ic, u.start, u.middle > 0 ? 1 : u.stride,
                 Padding::symmetric, Activation::identity, true);
      c.convBn(p + "expand", p + "expandbn", expanded, 1, 1, Padding::symmetric, Activation::relu);
      if (u.middle > 0)
        c.convBn(p + "dwmid", p + "dwmidbn", expanded, u.middle, u.stride, Padding::symmetric,
                 Activation::relu, true);
      c.convBn(p + "project", p + "projectbn", u.oc, 1, 1, Padding::symmetric,
               Activation::identity);
    });
  }};
}

NetSpec mobileNetV3Large() {
  constexpr Activation RE = Activation::relu, HS = Activation::hardSwish;
  const V3Block blocks[] = {
      {3, 16, 16, false, RE, 1},  {3, 64, 24, false, RE, 2},  {3, 72, 24, false, RE, 1},
      {5, 72, 40, true, RE, 2},   {5, 120, 40, true, RE, 1},  {5, 120, 40, true, RE, 1},
      {3, 240, 80, false, HS, 2}, {3, 200, 80, false, HS, 1}, {3, 184, 80, false, HS, 1},
      {3, 184, 80, false, HS, 1}, {3, 480, 112, true, HS, 1}, {3, 672, 112, true, HS, 1},
      {5, 672, 160, true, HS, 2}, {5, 960, 160, true, HS, 1}, {5, 960, 160, true, HS, 1}};
  NetSpec spec{
      "MobileNetV3-Large", {convBn(16, 3, 2, HS, Padding::symmetric)}, {3, 224, 224}, 10, ""};
  spec.bnEpsilon = 1e-3f;
  int64_t channels = 16;
  for (const V3Block& block : blocks) {
    spec.layers.push_back(mobileNetV3Block(channels, block));
    channels = block.oc;
  }
  for (Layer layer : {convBn(960, 1, 1, HS, Padding::symmetric), globalAvgPool(), dense(1280, HS),
                      dropout(0.2), dense(10)})
    spec.layers.push_back(layer);
  spec.recipe = imagenetteRecipe("0.001", "3", "0.1");
  return spec;
}

NetSpec mobileNetV4ConvS() {
  const Uib blocks[] = {{80, 4, 2, 3, 5},  {80, 2, 1, 3, 3},  {160, 6, 2, 0, 3}, {160, 4, 1, 3, 3},
                        {160, 4, 1, 3, 5}, {160, 4, 1, 5, 0}, {160, 4, 1, 0, 3}, {160, 4, 1, 3, 0},
                        {160, 4, 1, 0, 0}, {160, 4, 1, 3, 3}, {256, 6, 2, 5, 5}, {256, 4, 1, 5, 5},
                        {256, 4, 1, 0, 3}, {256, 4, 1, 3, 0}};
  NetSpec spec{"MobileNetV4-Conv-S",
               {convBn(32, 3, 2, Activation::relu, Padding::symmetric),
                fusedMbConv({4, 3, 2, 32, 48, 1, 0, 1}, Activation::relu)},
               {3, 224, 224},
               10,
               ""};
  int64_t channels = 48;
  for (const Uib& block : blocks) {
    spec.layers.push_back(universalInvertedBottleneck(channels, block));
    channels = block.oc;
  }
  for (Layer layer :
       {convBn(1280, 1, 1, Activation::relu, Padding::symmetric), globalAvgPool(), dense(10)})
    spec.layers.push_back(layer);
  // Label smoothing 0: the reference run's log (FAMILIES.md 3), the run its 84.58% is from.
  spec.recipe = imagenetteRecipe("0.001", "3", "0");
  return spec;
}

} // namespace hlotrain::nn
