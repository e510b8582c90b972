#include "nn/ResNet.h"

#include "nn/Compose.h"
#include "support/YoloLayout.h"

namespace hlotrain::nn {

namespace {

// Adds the shortcut to the main path, projecting it first (1x1 conv + BN) when the block changes
// the channels or the stride.
void joinShortcut(Composer& c, const std::string& prefix, int64_t inChannels, int64_t outChannels,
                  int64_t stride, Padding padding) {
  if (inChannels != outChannels || stride != 1) {
    c.conv(Path::shortcut, prefix + "proj", outChannels, 1, stride, padding);
    c.batchNorm(Path::shortcut, prefix + "projbn");
  }
  c.join();
}

} // namespace

Layer residualBlock(int64_t ic, int64_t oc, int64_t n, int64_t firstStride, Padding padding) {
  return {[=](Composer& c) {
    checkBlockInput(c, ic, oc, {n, firstStride});
    forEachBlock(c, "res", n, ic, oc, firstStride,
                 [&](const std::string& p, int64_t in, int64_t stride) {
                   c.fork();
                   c.convBn(p + "conv1", p + "bn1", oc, 3, stride, padding, Activation::relu);
                   c.convBn(p + "conv2", p + "bn2", oc, 3, 1, padding, Activation::identity);
                   joinShortcut(c, p, in, oc, stride, padding);
                   c.activate(Activation::relu);
                 });
  }};
}

Layer bottleneckBlock(int64_t ic, int64_t oc, int64_t n, int64_t firstStride, Padding padding) {
  return {[=](Composer& c) {
    checkBlockInput(c, ic, oc, {n, firstStride});
    if (oc % 4 != 0)
      c.fail("a bottleneck's output channels must be a multiple of 4, got " + std::to_string(oc));
    forEachBlock(c, "bottleneck", n, ic, oc, firstStride,
                 [&](const std::string& p, int64_t in, int64_t stride) {
                   const int64_t mid = oc / 4;
                   c.fork();
                   c.convBn(p + "conv1", p + "bn1", mid, 1, 1, padding, Activation::relu);
                   c.convBn(p + "conv2", p + "bn2", mid, 3, stride, padding, Activation::relu);
                   c.convBn(p + "conv3", p + "bn3", oc, 1, 1, padding, Activation::identity);
                   joinShortcut(c, p, in, oc, stride, padding);
                   c.activate(Activation::relu);
                 });
  }};
}

namespace {

// Stem and four stages of `block` layers with widths base * {1, 2, 4, 8}: the trunk every
// ResNet head sits on (its output stride is 32).
NetSpec resNetTrunk(std::string name, Layer (*block)(int64_t, int64_t, int64_t, int64_t, Padding),
                    int64_t base, const std::vector<int64_t>& depths, int64_t side) {
  NetSpec spec{
      std::move(name), {convBn(64, 7, 2), maxPool(3, 2, Padding::same)}, {3, side, side}, 10, ""};
  int64_t channels = 64;
  for (size_t stage = 0; stage < depths.size(); ++stage) {
    int64_t width = base << stage;
    spec.layers.push_back(block(channels, width, depths[stage], stage == 0 ? 1 : 2, Padding::same));
    channels = width;
  }
  return spec;
}

// The trunk with a pooled dense classifier.
NetSpec resNet(std::string name, Layer (*block)(int64_t, int64_t, int64_t, int64_t, Padding),
               int64_t base, const std::vector<int64_t>& depths, int64_t side) {
  NetSpec spec = resNetTrunk(std::move(name), block, base, depths, side);
  spec.layers.push_back(globalAvgPool());
  spec.layers.push_back(dense(10));
  return spec;
}

} // namespace

NetSpec resNet18(int64_t side) {
  return resNet("ResNet-18", residualBlock, 64, {2, 2, 2, 2}, side);
}
NetSpec resNet34(int64_t side) {
  return resNet("ResNet-34", residualBlock, 64, {3, 4, 6, 3}, side);
}
NetSpec resNet50(int64_t side) {
  return resNet("ResNet-50", bottleneckBlock, 256, {3, 4, 6, 3}, side);
}

NetSpec r34Yolov1(int64_t side) {
  NetSpec spec = resNetTrunk("R34-YOLOv1", residualBlock, 64, {3, 4, 6, 3}, side);
  spec.layers.push_back(conv2d(256, 3, 1, Activation::relu));
  spec.layers.push_back(conv2d(yolo::kChannels, 1, 1, Activation::identity));
  // The reference system's R34-YOLOv1 flags (issue 39): with train's defaults (lr 1e-3, MSE
  // objectness, no clipping) the full-depth detector diverges or learns nothing.
  spec.recipe = {{"batch", "16"},        {"lr", "0.0007"},        {"weight-decay", "0"},
                 {"warmup-epochs", "3"}, {"clip-grad-norm", "4"}, {"focal-gamma", "2"}};
  return spec;
}

} // namespace hlotrain::nn
