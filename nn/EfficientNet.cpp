#include "nn/EfficientNet.h"

#include <algorithm>

#include "nn/Compose.h"

namespace hlotrain::nn {

namespace {

// Calls body(prefix, input channels, stride, drop depth) for each block of a stage.
template <class Body>
void forEachStageBlock(Composer& c, const char* kind, const MbStage& s, const Body& body) {
  checkBlockInput(c, s.ic, s.oc, {s.n, s.stride, s.expand, s.kernel, s.totalBlocks});
  int64_t block = s.firstBlock;
  forEachBlock(
      c, kind, s.n, s.ic, s.oc, s.stride, [&](const std::string& p, int64_t in, int64_t stride) {
        body(p, in, stride, static_cast<double>(block) / static_cast<double>(s.totalBlocks));
        ++block;
      });
}

// The block's body between an optional residual fork and join.
template <class Body> void residual(Composer& c, bool add, double depth, const Body& body) {
  if (add) c.fork();
  body();
  if (!add) return;
  c.dropPath(depth);
  c.join();
}

} // namespace

Layer mbConv(const MbStage& stage, bool squeezeExcite) {
  return {[=](Composer& c) {
    forEachStageBlock(c, "mb", stage,
                      [&](const std::string& p, int64_t in, int64_t stride, double depth) {
                        const int64_t expanded = in * stage.expand;
                        residual(c, stride == 1 && in == stage.oc, depth, [&] {
                          if (stage.expand != 1)
                            c.convBn(p + "expand", p + "expandbn", expanded, 1, 1,
                                     Padding::symmetric, Activation::silu);
                          c.convBn(p + "dw", p + "dwbn", expanded, stage.kernel, stride,
                                   Padding::symmetric, Activation::silu, true);
                          if (squeezeExcite)
                            c.squeezeExcite(p + "se.", std::max<int64_t>(1, in / 4),
                                            Activation::silu, Activation::sigmoid);
                          c.convBn(p + "project", p + "projectbn", stage.oc, 1, 1,
                                   Padding::symmetric, Activation::identity);
                        });
                      });
  }};
}

Layer fusedMbConv(const MbStage& stage, Activation activation) {
  return {[=](Composer& c) {
    forEachStageBlock(c, "fmb", stage,
                      [&](const std::string& p, int64_t in, int64_t stride, double depth) {
                        residual(c, stride == 1 && in == stage.oc, depth, [&] {
                          if (stage.expand == 1) {
                            c.convBn(p + "fused", p + "fusedbn", stage.oc, stage.kernel, stride,
                                     Padding::symmetric, activation);
                            return;
                          }
                          c.convBn(p + "fused", p + "fusedbn", in * stage.expand, stage.kernel,
                                   stride, Padding::symmetric, activation);
                          c.convBn(p + "project", p + "projectbn", stage.oc, 1, 1,
                                   Padding::symmetric, Activation::identity);
                        });
                      });
  }};
}

namespace {

struct StageRow {
  bool fused;
  int64_t expand, kernel, stride, channels, n;
};

// stem → stages → 1×1 convBn 1280 → pool → dense, with the recipe of FAMILIES.md 3.
NetSpec efficientNet(std::string name, int64_t stem, std::initializer_list<StageRow> rows,
                     float bnEpsilon, const char* labelSmoothing) {
  NetSpec spec{std::move(name),
               {convBn(stem, 3, 2, Activation::silu, Padding::symmetric)},
               {3, 224, 224},
               10,
               ""};
  spec.bnEpsilon = bnEpsilon;
  int64_t total = 0;
  for (const StageRow& r : rows) total += r.n;
  int64_t channels = stem, first = 0;
  for (const StageRow& r : rows) {
    const MbStage stage{r.expand, r.kernel, r.stride, channels, r.channels, r.n, first, total};
    spec.layers.push_back(r.fused ? fusedMbConv(stage) : mbConv(stage, true));
    channels = r.channels;
    first += r.n;
  }
  for (Layer layer : {convBn(1280, 1, 1, Activation::silu, Padding::symmetric), globalAvgPool(),
                      dropout(0.2), dense(10)})
    spec.layers.push_back(layer);
  spec.recipe = imagenetteRecipe("0.001", "3", labelSmoothing);
  return spec;
}

} // namespace

NetSpec efficientNetB0() {
  return efficientNet("EfficientNet-B0", 32,
                      {{false, 1, 3, 1, 16, 1},
                       {false, 6, 3, 2, 24, 2},
                       {false, 6, 5, 2, 40, 2},
                       {false, 6, 3, 2, 80, 3},
                       {false, 6, 5, 1, 112, 3},
                       {false, 6, 5, 2, 192, 4},
                       {false, 6, 3, 1, 320, 1}},
                      kBnEpsilon, "0.1");
}

NetSpec efficientNetV2S() {
  // Label smoothing 0: the reference run's log (FAMILIES.md 3), the run its 88.50% is from.
  return efficientNet("EfficientNet-V2-S", 24,
                      {{true, 1, 3, 1, 24, 2},
                       {true, 4, 3, 2, 48, 4},
                       {true, 4, 3, 2, 64, 4},
                       {false, 4, 3, 2, 128, 6},
                       {false, 6, 3, 1, 160, 9},
                       {false, 6, 3, 2, 256, 15}},
                      1e-3f, "0");
}

} // namespace hlotrain::nn
