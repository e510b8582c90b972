// Every convolution form the fast path maps to oneDNN (forward, backward-data, backward-weights),
// with random shapes, strides, paddings, dilations, groups and dimension numbers, against the
// reference interpreter; and the forms it must leave to the generic kernel.

#include <array>
#include <cstring>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "ConvForms.h"
#include "FastTestUtil.h"

namespace hlotrain::cpu::fasttest {
namespace {

Layout randomLayout(std::mt19937& rng) {
  Layout l{0, 1, 2, 3};
  std::shuffle(l.begin(), l.end(), rng);
  return l;
}

Shape place(const std::array<int64_t, 4>& logical, const Layout& layout) {
  Shape s(4);
  for (size_t k = 0; k < 4; ++k) s[static_cast<size_t>(layout[k])] = logical[k];
  return s;
}

ConvShape randomForward(std::mt19937& rng, bool allowGroups) {
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int64_t>(lo, hi)(rng); };
  ConvShape f{};
  f.n = pick(1, 2);
  int64_t g = allowGroups ? pick(0, 2) : 1;
  f.inPerGroup = pick(1, 4);
  f.outPerGroup = pick(1, 4);
  f.groups = g == 0 ? 3 : g; // 3 groups of inPerGroup channels; depthwise when inPerGroup == 1
  f.kh = pick(1, 3);
  f.kw = pick(1, 3);
  for (size_t d = 0; d < 2; ++d) {
    f.stride[d] = pick(1, 3);
    f.dilation[d] = pick(1, 2);
    f.padLow[d] = pick(0, 2);
    f.padHigh[d] = pick(0, 2);
  }
  f.h = f.extent(0) + pick(0, 5);
  f.w = f.extent(1) + pick(0, 5);
  return f;
}

Value* forwardConv(FastCase& t, const ConvShape& f, const Layout& in, const Layout& kernel,
                   const Layout& out) {
  Value* x = t.arg(f32(place({f.n, f.c(), f.h, f.w}, in)));
  Value* w = t.arg(f32(place({f.o(), f.inPerGroup, f.kh, f.kw}, kernel)));
  return t.b.convolution(x, w, forwardAttributes(f, in, kernel, out));
}

void checkForward(unsigned seed) {
  FastCase t(seed);
  ConvShape f = randomForward(t.rng, true);
  Layout in = randomLayout(t.rng), kernel = randomLayout(t.rng), out = randomLayout(t.rng);
  t.check({forwardConv(t, f, in, kernel, out)}, 1e-5);
  EXPECT_TRUE(t.planHas("onednn conv forward")) << t.plan;
}

Value* backwardDataConv(FastCase& t, const ConvShape& f, const Layout& in, const Layout& kernel,
                        const Layout& out, bool viaReverseOp) {
  Value* g = t.arg(f32(place({f.n, f.o(), f.out(0), f.out(1)}, in)));
  // Logical (kernel output feature, kernel input feature, spatial): (C, O/G, kh, kw).
  Value* w = t.arg(f32(place({f.c(), f.outPerGroup, f.kh, f.kw}, kernel)));
  Attributes a = backwardDataAttributes(f, in, kernel, out);
  Value* k = w;
  if (viaReverseOp)
    k = t.b.reverse(w, {kernel[2], kernel[3]});
  else
    a.windowReversal = {true, true};
  Value* dx = t.b.convolution(g, k, a);
  EXPECT_EQ(dx->type.shape, place({f.n, f.c(), f.h, f.w}, out));
  return dx;
}

void checkBackwardData(unsigned seed, bool viaReverseOp) {
  FastCase t(seed);
  ConvShape f = randomForward(t.rng, true);
  Layout in = randomLayout(t.rng), kernel = randomLayout(t.rng), out = randomLayout(t.rng);
  t.check({backwardDataConv(t, f, in, kernel, out, viaReverseOp)}, 1e-5);
  // A 1x1 kernel without lhs dilation runs as a forward convolution when its padding allows.
  bool unitForward = f.kh == 1 && f.kw == 1 && f.stride[0] == 1 && f.stride[1] == 1;
  EXPECT_TRUE(t.planHas(unitForward ? "onednn conv" : "onednn conv backward-data")) << t.plan;
  EXPECT_FALSE(t.planHas("densecopy")) << t.plan;
  EXPECT_FALSE(t.planHas("strided copy")) << t.plan; // the reverse is read through, not run
}

Value* backwardWeightsConv(FastCase& t, const ConvShape& f, const Layout& in, const Layout& gl,
                           const Layout& wl) {
  Value* x = t.arg(f32(place({f.n, f.c(), f.h, f.w}, in)));
  Value* g = t.arg(f32(place({f.n, f.o(), f.out(0), f.out(1)}, gl)));
  Value* dw = t.b.convolution(x, g, backwardWeightsAttributes(f, in, gl, wl));
  EXPECT_EQ(dw->type.shape, place({f.o(), f.inPerGroup, f.kh, f.kw}, wl));
  return dw;
}

void checkBackwardWeights(unsigned seed) {
  FastCase t(seed);
  ConvShape f = randomForward(t.rng, true);
  Layout in = randomLayout(t.rng), gl = randomLayout(t.rng), wl = randomLayout(t.rng);
  t.check({backwardWeightsConv(t, f, in, gl, wl)}, 1e-5);
  bool kernelLarger = f.out(0) * f.out(1) > f.kh * f.kw;
  if (f.groups > 1 || kernelLarger)
    EXPECT_TRUE(t.planHas("onednn conv backward-weights")) << t.plan;
  else
    EXPECT_TRUE(t.planHas("onednn conv")) << t.plan;
}

TEST(FastConv, ForwardRandomShapesAndLayouts) {
  for (unsigned seed = 0; seed < 40; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    checkForward(seed);
  }
}

TEST(FastConv, BackwardDataThroughReverseOp) {
  for (unsigned seed = 100; seed < 130; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    checkBackwardData(seed, true);
  }
}

TEST(FastConv, BackwardDataWithWindowReversal) {
  for (unsigned seed = 200; seed < 215; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    checkBackwardData(seed, false);
  }
}

TEST(FastConv, BackwardWeightsRandomShapesAndLayouts) {
  for (unsigned seed = 300; seed < 340; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    checkBackwardWeights(seed);
  }
}

// Depthwise backward-weights on channels-last activations (EfficientNet's, MobileNetV3's and
// ConvNeXt's 3x3, 5x5 and 7x7 windows, strides 1 and 2, torchvision's (k-1)/2 padding and an
// uneven one, channel counts that fill no whole vector): the fast path's own kernel for windows
// wider than 3 where the build has AVX-512, else oneDNN's, within the reference's rounding.
TEST(FastConv, DepthwiseBackwardWeightsOfEveryWindow) {
  const Layout nhwc{0, 3, 1, 2}, weights{0, 1, 2, 3};
  unsigned seed = 400;
  for (int64_t k : {3, 5, 7})
    for (int64_t stride : {1, 2})
      for (int64_t channels : {20, 48}) {
        SCOPED_TRACE("k " + std::to_string(k) + " stride " + std::to_string(stride) + " channels " +
                     std::to_string(channels));
        const int64_t pad = (k - 1) / 2;
        ConvShape f{2,      channels,       1,         1, 11, 9, k, k, {stride, stride},
                    {1, 1}, {pad, pad - 1}, {pad, pad}};
        FastCase t(seed++);
        t.check({backwardWeightsConv(t, f, nhwc, nhwc, weights)}, 1e-5);
#if defined(__AVX512F__) && defined(__AVX512BW__) && defined(__AVX512VL__)
        EXPECT_EQ(t.planHas("[depthwise weights, avx512]"), k > 3) << t.plan;
#endif
      }
}

// ResNet's 3x3 stride-1 convolution (64 -> 80 channels), channels-last activations and HWIO
// weights as the zoo emits them, in each of its three forms.
enum class Form { ConvShape, BackwardData, BackwardWeights };

Value* resNetConv(FastCase& t, Form form) {
  const ConvShape f{2, 1, 128, 144, 9, 9, 3, 3, {1, 1}, {1, 1}, {1, 1}, {1, 1}};
  const Layout nhwc{0, 3, 1, 2}, hwio{3, 2, 0, 1};
  switch (form) {
  case Form::ConvShape:
    return forwardConv(t, f, nhwc, hwio, nhwc);
  case Form::BackwardData:
    return backwardDataConv(t, f, nhwc, hwio, nhwc, true);
  case Form::BackwardWeights:
    return backwardWeightsConv(t, f, {3, 0, 1, 2}, {3, 0, 1, 2}, {2, 3, 0, 1});
  }
  return nullptr;
}

// The largest |fast - reference| over the reference's largest magnitude.
double relativeError(const Tensor& actual, const Tensor& expected) {
  double error = 0, scale = 0;
  for (int64_t i = 0; i < expected.numElements(); ++i) {
    error = std::max(error, std::fabs(actual.getAsDouble(i) - expected.getAsDouble(i)));
    scale = std::max(scale, std::fabs(expected.getAsDouble(i)));
  }
  return error / scale;
}

TEST(FastConv, WinogradRunsThreeByThreeStrideOneFormsWithinItsRounding) {
  for (Form form : {Form::ConvShape, Form::BackwardData, Form::BackwardWeights}) {
    SCOPED_TRACE("form " + std::to_string(static_cast<int>(form)));
    double errors[2] = {0, 0};
    for (bool winograd : {false, true}) {
      FastCase t(7);
      t.options.winograd = winograd;
      t.fn.setResults({resNetConv(t, form)});
      verify(t.module);
      Tensor expected = interpret(t.module, t.fn, t.inputs)[0];
      auto exe = Executable::compile(t.module, "main", t.options);
      std::string plan = exe->dumpPlan();
      EXPECT_EQ(plan.find("jit_wino") != std::string::npos, winograd) << plan;
      Tensor actual = exe->run(t.inputs)[0];
      errors[winograd] = relativeError(actual, expected);
      // Training stays deterministic: a second run gives the same bits.
      Tensor again = exe->run(t.inputs)[0];
      EXPECT_EQ(std::memcmp(actual.bytes(), again.bytes(), actual.type().byteSize()), 0);
    }
    // Measured: direct 0 to 1.2e-6 of the largest output, Winograd 0.7e-6 to 1.6e-6 (its tile
    // transforms round too); a wrong transform or weight layout would be off by O(1).
    EXPECT_LT(errors[0], 3e-6);
    EXPECT_LT(errors[1], 5e-6);
  }
}

// f32 forward convolutions run oneDNN's blocked kernel, their channels-last source reordered in,
// because its rounding does not grow with the channel count: with 256 channels in, against the
// exact (double) convolution, it is off by a fraction of the channels-last kernel's error
// (CompileOptions::blockedForward = false); both repeat bit for bit.
TEST(FastConv, ForwardRoundingDoesNotGrowWithTheChannels) {
  const int64_t n = 4, c = 256, o = 32, side = 8;
  double errors[2] = {0, 0};
  for (bool blocked : {false, true}) {
    FastCase t(11);
    t.options.winograd = false;
    t.options.blockedForward = blocked;
    const ConvShape f{n, 1, c, o, side, side, 3, 3, {1, 1}, {1, 1}, {1, 1}, {1, 1}};
    const Layout nhwc{0, 3, 1, 2}, hwio{3, 2, 0, 1};
    t.fn.setResults({forwardConv(t, f, nhwc, hwio, nhwc)});
    verify(t.module);
    auto exe = Executable::compile(t.module, "main", t.options);
    const std::string plan = exe->dumpPlan();
    const size_t at = plan.find("onednn conv forward");
    ASSERT_NE(at, std::string::npos) << plan;
    const std::string line = plan.substr(at, plan.find('\n', at) - at);
    // The weights are reordered either way; the blocked kernel's source and result too.
    EXPECT_EQ(line.find("reorder(") != line.rfind("reorder("), blocked) << line;
    Tensor y = exe->run(t.inputs)[0], again = exe->run(t.inputs)[0];
    EXPECT_EQ(std::memcmp(y.bytes(), again.bytes(), y.type().byteSize()), 0);
    // x [n, h, w, c], w [kh, kw, c, o], y [n, h, w, o]: the exact convolution, in norm.
    const float *x = t.inputs[0].data<float>(), *w = t.inputs[1].data<float>();
    double error = 0, norm = 0;
    for (int64_t b = 0; b < n; ++b)
      for (int64_t i = 0; i < side; ++i)
        for (int64_t j = 0; j < side; ++j)
          for (int64_t k = 0; k < o; ++k) {
            double exact = 0;
            for (int64_t di = 0; di < 3; ++di)
              for (int64_t dj = 0; dj < 3; ++dj) {
                const int64_t si = i + di - 1, sj = j + dj - 1;
                if (si < 0 || sj < 0 || si >= side || sj >= side) continue;
                for (int64_t ch = 0; ch < c; ++ch)
                  exact += double(x[((b * side + si) * side + sj) * c + ch]) *
                           double(w[((di * 3 + dj) * c + ch) * o + k]);
              }
            const double d = y.data<float>()[((b * side + i) * side + j) * o + k] - exact;
            error += d * d;
            norm += exact * exact;
          }
    errors[blocked] = std::sqrt(error / norm);
  }
  // Measured: 8.0e-7 channels-last, 2.1e-7 blocked.
  EXPECT_LT(errors[1], 0.5 * errors[0]);
}

// Channel counts that do not fill the blocked layout's 16-wide blocks, which it would pad, stay
// channels-last, their source and result read and written in place (EfficientNetV2-S's 24 -> 24
// and 24 -> 96); counts that fill them take the blocked kernel.
TEST(FastConv, ChannelsThatDoNotFillBlocksStayChannelsLast) {
  for (auto [c, o, blocked] :
       {std::tuple{24, 24, false}, std::tuple{24, 96, false}, std::tuple{48, 192, true}}) {
    FastCase t(5);
    t.options.winograd = false;
    const ConvShape f{2, 1, c, o, 12, 12, 3, 3, {1, 1}, {1, 1}, {1, 1}, {1, 1}};
    t.check({forwardConv(t, f, {0, 3, 1, 2}, {3, 2, 0, 1}, {0, 3, 1, 2})}, 1e-5);
    const size_t at = t.plan.find("onednn conv forward");
    ASSERT_NE(at, std::string::npos) << t.plan;
    const std::string line = t.plan.substr(at, t.plan.find('\n', at) - at);
    EXPECT_EQ(line.find("reorder(") != line.rfind("reorder("), blocked) << line;
  }
}

// Winograd takes 32 channels only on feature maps of 64x64 or more, 64 channels on 28x28 or
// more, and smaller maps from 128 channels (below, direct was no slower, and it is more accurate).
TEST(FastConv, WinogradTakesFewChannelsOnlyOnLargeFeatureMaps) {
  struct Case {
    int64_t channels, side;
    bool winograd;
  };
  for (Case c : {Case{32, 28, false}, Case{32, 64, true}, Case{64, 14, false}, Case{64, 28, true},
                 Case{128, 7, true}}) {
    FastCase t(3);
    const ConvShape f{1, 1, c.channels, c.channels, c.side, c.side,
                      3, 3, {1, 1},     {1, 1},     {1, 1}, {1, 1}};
    t.fn.setResults({forwardConv(t, f, {0, 3, 1, 2}, {3, 2, 0, 1}, {0, 3, 1, 2})});
    verify(t.module);
    std::string plan = Executable::compile(t.module, "main", t.options)->dumpPlan();
    EXPECT_EQ(plan.find("jit_wino") != std::string::npos, c.winograd)
        << c.channels << " channels, " << c.side << "x" << c.side << "\n"
        << plan;
  }
}

class FastConvFixture : public FastFixture {
protected:
  Value* nchwConv(Value* x, Value* w, Attributes a) {
    a.conv = convNumbers(kNchw, kNchw, kNchw);
    return b.convolution(x, w, std::move(a));
  }

  // A first layer on an NCHW image of `channels` and its weight gradient (JAX's: batch and
  // feature swapped in every operand), checked against the reference; the plan lines of the
  // forward and of the weight gradient.
  std::array<std::string, 2> firstLayerPlanLines(int64_t channels, int64_t outChannels) {
    Value* x = arg(f32({2, channels, 6, 6}));
    Value* w = arg(f32({outChannels, channels, 3, 3}));
    Attributes a;
    a.padding = {{1, 1}, {1, 1}};
    Value* y = nchwConv(x, w, a);
    Attributes bw;
    bw.conv = convNumbers({1, 0, 2, 3}, {1, 0, 2, 3}, {1, 0, 2, 3});
    bw.padding = {{1, 1}, {1, 1}};
    Value* dw = b.convolution(x, b.multiply(y, y), bw);
    check({b.unary(OpKind::tanh, y), dw}, 1e-5);
    std::array<std::string, 2> lines;
    const char* forms[2] = {"onednn conv forward", "onednn conv backward-weights"};
    for (size_t i = 0; i < 2; ++i) {
      const size_t at = plan.find(forms[i]);
      EXPECT_NE(at, std::string::npos) << plan;
      if (at != std::string::npos) lines[i] = plan.substr(at, plan.find('\n', at) - at);
    }
    return lines;
  }
};

TEST_F(FastConvFixture, LhsDilatedWithPlainKernelCopiesItReversed) {
  Value* x = arg(f32({2, 3, 5, 4}));
  Value* w = arg(f32({4, 3, 3, 2}));
  Attributes a;
  a.lhsDilation = {2, 3};
  a.padding = {{2, 2}, {1, 1}};
  check({nchwConv(x, w, a)});
  EXPECT_TRUE(planHas("onednn conv backward-data")) << plan;
  EXPECT_TRUE(planHas("densecopy")) << plan;
}

TEST_F(FastConvFixture, PartialWindowReversalRunsForward) {
  Value* x = arg(f32({1, 2, 6, 6}));
  Value* w = arg(f32({3, 2, 3, 3}));
  Attributes a;
  a.windowReversal = {true, false};
  check({nchwConv(x, w, a)});
  EXPECT_TRUE(planHas("onednn conv forward")) << plan;
}

TEST_F(FastConvFixture, NegativePaddingRunsGeneric) {
  Value* x = arg(f32({1, 2, 6, 6}));
  Value* w = arg(f32({3, 2, 3, 3}));
  Attributes a;
  a.padding = {{-1, 0}, {0, 1}};
  check({nchwConv(x, w, a)});
  EXPECT_TRUE(planHas("generic stablehlo.convolution")) << plan;
}

TEST_F(FastConvFixture, ThreeDimensionalAndF64RunGeneric) {
  Value* x = arg(f32({1, 2, 4, 4, 4}));
  Value* w = arg(f32({2, 2, 2, 2, 2}));
  Attributes a;
  a.conv.inputBatchDimension = 0;
  a.conv.inputFeatureDimension = 1;
  a.conv.inputSpatialDimensions = {2, 3, 4};
  a.conv.kernelOutputFeatureDimension = 0;
  a.conv.kernelInputFeatureDimension = 1;
  a.conv.kernelSpatialDimensions = {2, 3, 4};
  a.conv.outputBatchDimension = 0;
  a.conv.outputFeatureDimension = 1;
  a.conv.outputSpatialDimensions = {2, 3, 4};
  Value* y = b.convolution(x, w, a);
  Value* xd = arg({ElementType::f64, {1, 2, 5, 5}});
  Value* wd = arg({ElementType::f64, {3, 2, 2, 2}});
  check({y, nchwConv(xd, wd, {})});
  EXPECT_FALSE(planHas("onednn")) << plan;
}

TEST_F(FastConvFixture, SingleChannelInputRunsChannelsLastWithoutReorders) {
  // A grayscale NCHW input is also channels-last: the first convolution and its weight gradient
  // read it in place and write or read the channels-last activation (its gradient) directly;
  // only the small weights are reordered (the f32 forward too: one block of input channels
  // rounds alike on every kernel, so it need not take the blocked one).
  for (const std::string& line : firstLayerPlanLines(1, 8))
    EXPECT_EQ(line.find("reorder("), line.rfind("reorder(")) << line;
}

// The slots a kernel's plan line reorders ("reorder(%3)") and those it reads ("(%0, %3)", last).
std::pair<std::set<std::string>, std::vector<std::string>>
reorderedAndRead(const std::string& line) {
  std::set<std::string> reordered;
  for (size_t p = line.find("reorder(%"); p != std::string::npos; p = line.find("reorder(%", p + 1))
    reordered.insert(line.substr(p + 8, line.find(')', p) - p - 8));
  std::vector<std::string> reads;
  const std::string list = line.substr(line.rfind('(') + 1);
  for (size_t p = list.find('%'); p != std::string::npos; p = list.find('%', p + 1))
    reads.push_back(list.substr(p, list.find_first_of(",)", p) - p));
  return {reordered, reads};
}

TEST_F(FastConvFixture, RgbInputIsReorderedSoItsResultNeedNotBe) {
  // An NCHW image of 3 channels is reordered to channels-last (small), so the first convolution
  // writes its many-channel activation in place, and the weight gradient reads the activation's
  // gradient in place: the image is reordered, the activation never.
  const auto [forward, weights] = firstLayerPlanLines(3, 32);
  const auto [reordered, reads] = reorderedAndRead(forward);
  ASSERT_EQ(reads.size(), 2u) << forward;
  EXPECT_TRUE(reordered.count(reads[0])) << forward;
  for (const std::string& slot : reordered) // only its inputs (the result is not read)
    EXPECT_TRUE(slot == reads[0] || slot == reads[1]) << forward;
  const auto [reorderedByGradient, gradientReads] = reorderedAndRead(weights);
  ASSERT_EQ(gradientReads.size(), 2u) << weights;
  EXPECT_TRUE(reorderedByGradient.count(gradientReads[0])) << weights;
  EXPECT_FALSE(reorderedByGradient.count(gradientReads[1])) << weights;
}

TEST_F(FastConvFixture, ResNetStemShapes) {
  Value* x = arg(f32({2, 3, 32, 32}));
  Value* w = arg(f32({8, 3, 7, 7}));
  Attributes a;
  a.windowStrides = {2, 2};
  a.padding = {{3, 3}, {3, 3}};
  Value* y = nchwConv(x, w, a);
  check({b.unary(OpKind::tanh, y)}, 1e-5);
  EXPECT_TRUE(planHas("onednn conv forward")) << plan;
}

} // namespace
} // namespace hlotrain::cpu::fasttest
