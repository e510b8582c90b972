#include "nn/MobileNet.h"

#include "nn/Compose.h"

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

} // namespace hlotrain::nn
