// The UNet layers: the reference system's net, how downs and ups pair, and the bilinear upsample
// against an independent formula of half-pixel interpolation, its VJP against finite differences.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "grad/Vjp.h"
#include "ir/Verifier.h"
#include "lower/cpu/Interpreter.h"
#include "nn/Emit.h"
#include "nn/Zoo.h"
#include "support/Error.h"
#include "tests/grad/GradientCheck.h"

using namespace hlotrain;

namespace {

TEST(UnetTest, TheBratsNetHasTheReferenceSystemsShape) {
  nn::NetSpec spec = nn::unetBrats();
  EXPECT_EQ(nn::parameterCount(spec), 7849988);
  EXPECT_EQ(nn::bnChannels(spec).size(), 18u);
  EXPECT_EQ(nn::outputShape(spec, 2), (ir::Shape{2, 4, 240, 240}));
  std::vector<nn::ParamInfo> params = nn::parameters(spec);
  EXPECT_EQ(params.front().name, "down0.conv1.w");
  EXPECT_EQ(params.front().shape, (ir::Shape{32, 4, 3, 3}));
  // The first decoder conv reads [upsampled 512 | skip 256] channels.
  auto up = std::find_if(params.begin(), params.end(),
                         [](const nn::ParamInfo& p) { return p.name == "up6.conv1.w"; });
  ASSERT_NE(up, params.end());
  EXPECT_EQ(up->shape, (ir::Shape{256, 768, 3, 3}));
  EXPECT_EQ(params.back().name, "conv10.b");
  EXPECT_EQ(params.back().shape, (ir::Shape{4}));
  EXPECT_EQ(params[params.size() - 2].shape, (ir::Shape{4, 32, 1, 1}));
}

// The zoo builds unet-brats for the dataset's channels and any side divisible by 16.
TEST(UnetTest, TheBratsNetFitsOtherInputs) {
  nn::NetSpec wide = nn::netByName("unet-brats", {20, 224, 224});
  EXPECT_EQ(wide.input.channels, 20);
  EXPECT_EQ(nn::outputShape(wide, 1), (ir::Shape{1, 4, 224, 224}));
  EXPECT_EQ(nn::parameterCount(wide), 7849988 + (20 - 4) * 32 * 9);
  EXPECT_EQ(nn::netByName("mnist-cnn", {4, 240, 240}).input.channels, 1); // fixed geometry
  try {
    nn::outputShape(nn::unetBrats(4, 232), 1);
    FAIL() << "232 is not divisible by 16";
  } catch (const VerifyError& e) {
    EXPECT_NE(std::string(e.what()).find("divisible by 2 per unetDown"), std::string::npos)
        << e.what();
  }
}

void expectRefused(const nn::NetSpec& spec, const std::string& needle) {
  try {
    nn::outputShape(spec, 1);
    FAIL() << "accepted: " << needle;
  } catch (const VerifyError& e) {
    EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
  }
}

TEST(UnetTest, DownsAndUpsThatDoNotPairAreRefused) {
  expectRefused({"u", {nn::unetDown(1, 4), nn::unetDown(4, 8), nn::unetUp(8, 8)}, {1, 8, 8}, 2, ""},
                "never consumed; the spec's unetDown and unetUp layers do not pair");
  expectRefused({"u", {nn::unetDown(1, 4), nn::unetUp(4, 4), nn::unetUp(4, 4)}, {1, 8, 8}, 2, ""},
                "layer 2: unetUp has no skip to consume");
  expectRefused({"u", {nn::unetDown(1, 4), nn::unetUp(4, 8)}, {1, 8, 8}, 2, ""},
                "consumes a skip of 8 channels");
  expectRefused({"u", {nn::unetDown(1, 4), nn::unetUp(6, 4)}, {1, 8, 8}, 2, ""},
                "declares 6 input channels");
  // Downs and ups pair last-in first-out, whatever sits between them.
  nn::NetSpec nested{"u",
                     {nn::unetDown(1, 4), nn::unetDown(4, 8), nn::convBn(16, 3), nn::unetUp(16, 8),
                      nn::unetUp(8, 4), nn::conv2d(2, 1, 1, nn::Activation::identity)},
                     {1, 8, 8},
                     2,
                     ""};
  EXPECT_EQ(nn::outputShape(nested, 3), (ir::Shape{3, 2, 8, 8}));
}

// PyTorch's F.interpolate(scale_factor=2, mode="bilinear", align_corners=False), written from
// its definition: source coordinate (o + 0.5)/2 − 0.5, clamped below at 0, interpolated between
// floor and floor + 1 (clamped at the last row/column).
double halfPixelBilinear(const ir::Tensor& x, int64_t plane, int64_t h, int64_t w, int64_t oy,
                         int64_t ox) {
  auto source = [](int64_t o, int64_t size, int64_t& i0, int64_t& i1, double& frac) {
    double s = std::max((static_cast<double>(o) + 0.5) / 2.0 - 0.5, 0.0);
    i0 = std::min(static_cast<int64_t>(std::floor(s)), size - 1);
    i1 = std::min(i0 + 1, size - 1);
    frac = s - static_cast<double>(i0);
  };
  int64_t y0, y1, x0, x1;
  double fy, fx;
  source(oy, h, y0, y1, fy);
  source(ox, w, x0, x1, fx);
  auto at = [&](int64_t y, int64_t xx) { return x.get<double>((plane * h + y) * w + xx); };
  return (1 - fy) * ((1 - fx) * at(y0, x0) + fx * at(y0, x1)) +
         fy * ((1 - fx) * at(y1, x0) + fx * at(y1, x1));
}

TEST(UnetTest, UpsampleIsHalfPixelBilinearWithClampedEdges) {
  for (ir::Shape shape : {ir::Shape{2, 3, 5, 4}, ir::Shape{1, 2, 1, 3}, ir::Shape{1, 1, 2, 1}}) {
    ir::Module m;
    ir::Function& f = m.addFunction("main");
    ir::Builder b(f.body, &m);
    ir::Value* x = f.body.addArgument({ir::ElementType::f64, shape});
    ir::Value* y = nn::emitUpsample2x(b, x);
    f.setResults({y});
    ir::verify(m);
    const int64_t h = shape[2], w = shape[3];
    EXPECT_EQ(y->type.shape, (ir::Shape{shape[0], shape[1], 2 * h, 2 * w}));
    std::mt19937 rng(11);
    ir::Tensor in = gradcheck::randomTensor({ir::ElementType::f64, shape}, -2.0, 2.0, rng);
    ir::Tensor out = cpu::interpret(m, f, std::vector{in})[0];
    for (int64_t plane = 0; plane < shape[0] * shape[1]; ++plane)
      for (int64_t oy = 0; oy < 2 * h; ++oy)
        for (int64_t ox = 0; ox < 2 * w; ++ox)
          EXPECT_NEAR(out.get<double>((plane * 2 * h + oy) * 2 * w + ox),
                      halfPixelBilinear(in, plane, h, w, oy, ox), 1e-12)
              << ir::toString(shape) << " plane " << plane << " at " << oy << "," << ox;
  }
}

// The hand-written adjoint (the custom VJP the train step uses) against central differences, and
// against differentiating the upsample's own ops.
TEST(UnetTest, UpsampleVjpMatchesFiniteDifferences) {
  auto forward = [](ir::Builder& b, std::span<ir::Value* const> a) {
    return nn::emitUpsample2x(b, a[0]);
  };
  for (ir::Shape shape : {ir::Shape{2, 2, 3, 4}, ir::Shape{1, 1, 1, 2}}) {
    gradcheck::checkGradients(
        {{shape}}, forward,
        [](ir::Builder& b, std::span<ir::Value* const>, ir::Value*, ir::Value* w) {
          return std::vector{nn::upsample2xBackward(b, w)};
        });
    gradcheck::checkGradients(
        {{shape}}, forward,
        [](ir::Builder& b, std::span<ir::Value* const> a, ir::Value* loss, ir::Value*) {
          ir::Value* seed = b.scalar<double>(1.0);
          return grad::vjp(b, std::span(&loss, 1), std::span(&seed, 1), a);
        });
  }
}

} // namespace
