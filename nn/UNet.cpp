#include "nn/UNet.h"

#include "nn/Compose.h"

namespace hlotrain::nn {

namespace {

// 3x3 conv+BN+ReLU twice, to `oc` channels: <prefix>{conv1, bn1, conv2, bn2}.
void doubleConv(Composer& c, const std::string& prefix, int64_t oc) {
  for (const char* n : {"1", "2"})
    c.convBn(prefix + "conv" + n, prefix + "bn" + n, oc, 3, 1, Padding::same, Activation::relu);
}

} // namespace

Layer unetDown(int64_t ic, int64_t oc) {
  return {[=](Composer& c) {
    checkBlockInput(c, ic, oc, {});
    doubleConv(c, "down" + c.index() + ".", oc);
    c.pushSkip();
    c.maxPool(2, 2, Padding::valid);
  }};
}

Layer unetUp(int64_t ic, int64_t oc) {
  return {[=](Composer& c) {
    checkBlockInput(c, ic, oc, {});
    c.upsample();
    const ir::Shape* skip = c.topSkip();
    if (skip == nullptr)
      c.fail("unetUp has no skip to consume; the spec's unetDown and unetUp layers do not pair");
    if ((*skip)[1] != oc)
      c.fail("unetUp(" + std::to_string(ic) + ", " + std::to_string(oc) + ") consumes a skip of " +
             std::to_string(oc) + " channels, got " + ir::toString(*skip) + " (the skip of " +
             c.spec().name + " layer " + std::to_string(c.topSkipLayer()) + ")");
    c.concatSkip();
    doubleConv(c, "up" + c.index() + ".", oc);
  }};
}

NetSpec unetBrats(int64_t channels, int64_t side) {
  NetSpec spec{"UNet-BraTS", {}, {channels, side, side}, 4, ""};
  int64_t in = channels;
  for (int64_t width : {32, 64, 128, 256}) {
    spec.layers.push_back(unetDown(in, width));
    in = width;
  }
  spec.layers.push_back(convBn(512, 3));
  spec.layers.push_back(convBn(512, 3));
  for (int64_t width : {256, 128, 64, 32}) {
    spec.layers.push_back(unetUp(2 * width, width));
  }
  spec.layers.push_back(conv2d(4, 1, 1, Activation::identity));
  return spec;
}

} // namespace hlotrain::nn
