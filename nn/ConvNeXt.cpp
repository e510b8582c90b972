#include "nn/ConvNeXt.h"

#include "nn/Compose.h"

namespace hlotrain::nn {

namespace {

constexpr float kEpsilon = 1e-6f;

} // namespace

Layer convNextStem(int64_t width) {
  return {[=](Composer& c) {
    checkBlockInput(c, c.shape().size() > 1 ? c.shape()[1] : 0, width, {});
    const std::string p = "stem" + c.index() + ".";
    c.conv(Path::main, p + "conv", width, 4, 4, Padding::valid, true);
    c.layerNorm(Path::main, p + "ln", kEpsilon);
  }};
}

Layer convNextStage(int64_t channels, int64_t n, int64_t firstBlock, int64_t totalBlocks) {
  return {[=](Composer& c) {
    checkBlockInput(c, channels, channels, {n, totalBlocks});
    int64_t block = firstBlock;
    forEachBlock(c, "cnx", n, channels, channels, 1, [&](const std::string& p, int64_t, int64_t) {
      const double depth =
          totalBlocks > 1 ? static_cast<double>(block) / static_cast<double>(totalBlocks - 1) : 0.0;
      ++block;
      c.fork();
      c.conv(Path::main, p + "dw", channels, 7, 1, Padding::symmetric, true, true);
      c.layerNorm(Path::main, p + "ln", kEpsilon);
      c.conv(Path::main, p + "pw1", 4 * channels, 1, 1, Padding::valid, true);
      c.activate(Activation::gelu);
      c.conv(Path::main, p + "pw2", channels, 1, 1, Padding::valid, true);
      c.layerScale(p + "ls");
      c.dropPath(depth);
      c.join();
    });
  }};
}

Layer convNextDownsample(int64_t channels) {
  return {[=](Composer& c) {
    checkBlockInput(c, c.shape().size() > 1 ? c.shape()[1] : 0, channels, {});
    const std::string p = "down" + c.index() + ".";
    c.layerNorm(Path::main, p + "ln", kEpsilon);
    c.conv(Path::main, p + "conv", channels, 2, 2, Padding::valid, true);
  }};
}

NetSpec convNextTiny() {
  const int64_t widths[] = {96, 192, 384, 768}, depths[] = {3, 3, 9, 3};
  const int64_t total = 18;
  NetSpec spec{"ConvNeXt-Tiny", {convNextStem(widths[0])}, {3, 224, 224}, 10, ""};
  int64_t first = 0;
  for (size_t s = 0; s < 4; ++s) {
    if (s > 0) spec.layers.push_back(convNextDownsample(widths[s]));
    spec.layers.push_back(convNextStage(widths[s], depths[s], first, total));
    first += depths[s];
  }
  for (Layer layer : {globalAvgPool(), layerNorm(kEpsilon), dense(10)})
    spec.layers.push_back(layer);
  spec.recipe = imagenetteRecipe("0.001", "3", "0.1");
  return spec;
}

} // namespace hlotrain::nn
