#include "nn/Zoo.h"

#include <cctype>

#include "support/Error.h"
#include "support/YoloLayout.h"

namespace hlotrain::nn {

NetSpec mnistLinear() {
  return {"MNIST-Linear", {flatten(), dense(10)}, {1, 28, 28}, 10, ""};
}

NetSpec mnistMlp() {
  return {"MNIST-MLP",
          {flatten(), dense(512, Activation::relu), dense(512, Activation::relu), dense(10)},
          {1, 28, 28},
          10,
          ""};
}

NetSpec mnistCnn() {
  return {"MNIST-CNN",
          {convBn(32, 3), convBn(32, 3), maxPool(2, 2), convBn(64, 3), convBn(64, 3), maxPool(2, 2),
           flatten(), dense(512, Activation::relu), dense(10)},
          {1, 28, 28},
          10,
          ""};
}

NetSpec cifar10Bn() {
  return {"CIFAR-10-BN",
          {convBn(32, 3), convBn(32, 3), maxPool(2, 2), convBn(64, 3), convBn(64, 3), maxPool(2, 2),
           flatten(), dense(512, Activation::relu), dense(512, Activation::relu), dense(10)},
          {3, 32, 32},
          10,
          ""};
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

namespace {

// A zoo net, and how to build it for other inputs when it takes any input of its kind.
struct Entry {
  NetSpec (*standard)();
  NetSpec (*fitted)(const InputGeometry&) = nullptr;
};

const std::vector<Entry>& entries() {
  static const std::vector<Entry> table = {
      {mnistLinear},
      {mnistMlp},
      {mnistCnn},
      {cifar10Bn},
      {[] { return resNet18(); }},
      {[] { return resNet34(); }},
      {[] { return resNet50(); }},
      {[] { return mobileNetV2(); }},
      {[] { return unetBrats(); },
       [](const InputGeometry& in) {
         return in.height == in.width ? unetBrats(in.channels, in.height) : unetBrats();
       }},
      {[] { return r34Yolov1(); },
       [](const InputGeometry& in) {
         return in.height == in.width ? r34Yolov1(in.height) : r34Yolov1();
       }},
  };
  return table;
}

const Entry& entryByName(std::string_view name) {
  std::string known;
  for (const Entry& entry : entries()) {
    if (cliName(entry.standard()) == name) return entry;
    known += (known.empty() ? "" : ", ") + cliName(entry.standard());
  }
  throw RuntimeError("unknown net '" + std::string(name) + "' (known: " + known + ")");
}

} // namespace

std::vector<NetSpec> zoo() {
  std::vector<NetSpec> nets;
  for (const Entry& entry : entries()) nets.push_back(entry.standard());
  return nets;
}

std::string cliName(const NetSpec& spec) {
  std::string name;
  for (char c : spec.name) name += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return name;
}

NetSpec netByName(std::string_view name) {
  return entryByName(name).standard();
}

NetSpec netByName(std::string_view name, const InputGeometry& input) {
  const Entry& entry = entryByName(name);
  return entry.fitted ? entry.fitted(input) : entry.standard();
}

} // namespace hlotrain::nn
