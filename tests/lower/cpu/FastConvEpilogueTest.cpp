// A forward convolution's epilogue (lower/cpu/ConvEpilogue.h) as oneDNN's post-ops: an eval batch
// norm, a residual, a ReLU or ReLU6 and the convert to bf16 computed on the convolution's results
// in registers, rounding as the fusion pass's loop does; the chains it leaves to that loop; and
// the one departure, a NaN through the ReLU.

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

#include "lower/cpu/DnnlProblem.h"
#include "tests/lower/cpu/ConvForms.h"
#include "tests/lower/cpu/FastTestUtil.h"

namespace hlotrain::cpu::fasttest {
namespace {

// A case built of a bf16 convolution and what follows it, ending in the convert to bf16 whose
// result a loop widens to the f32 result returned (a returned value is laid out row-major, where
// the convolution's result is channels-last, so no epilogue could make it).
class EpilogueCase : public FastCase {
public:
  // conv(x, w) of `shape` (NCHW), its operands converted to bf16 first where `bf16`, with an f32
  // result; x an argument unless given.
  Value* conv(const ConvShape& shape, bool bf16 = true, Value* x = nullptr) {
    if (!x) x = arg(f32({shape.n, shape.c(), shape.h, shape.w}));
    Value* w = arg(f32({shape.o(), shape.inPerGroup, shape.kh, shape.kw}));
    if (bf16) {
      x = b.convert(x, ElementType::bf16);
      w = b.convert(w, ElementType::bf16);
    }
    return b.convolution(x, w, forwardAttributes(shape, kNchw, kNchw, kNchw), ElementType::f32);
  }

  // Rounds `y` to bf16 (the step an epilogue ends in) and widens it back for the result.
  Value* narrowed(Value* y) { return b.convert(b.convert(y, ElementType::bf16), ElementType::f32); }

  // A per-channel f32 vector broadcast over `like`'s NCHW shape.
  Value* channels(Value* like) {
    const Shape& shape = like->type.shape;
    return b.broadcastInDim(arg(f32({shape[1]})), shape, {1});
  }

  // An eval batch norm: (y − mean)·scale + shift, the vectors per channel.
  Value* batchNorm(Value* y) {
    return b.add(b.multiply(b.subtract(y, channels(y)), channels(y)), channels(y));
  }

  Value* relu(Value* y) { return b.maximum(y, b.splat(y->type, 0.0)); }
  Value* relu6(Value* y) { return b.clamp(b.splat(f32({}), 0.0), y, b.splat(f32({}), 6.0)); }

  // The plan line of the forward convolution.
  std::string convLine() const {
    const size_t at = plan.find("onednn conv forward");
    return at == std::string::npos ? "" : plan.substr(at, plan.find('\n', at) - at);
  }

  // The results of @main compiled with `options` (convEpilogues as given), each run twice.
  std::vector<Tensor> runWith(bool epilogues) {
    CompileOptions o = options;
    o.convEpilogues = epilogues;
    auto exe = Executable::compile(module, "main", o);
    exe->run(inputs);
    return exe->run(inputs);
  }

  static bool bitwiseEqual(const Tensor& a, const Tensor& b) {
    return a.type() == b.type() && std::memcmp(a.bytes(), b.bytes(), a.byteSize()) == 0;
  }
};

const ConvShape k1x1 = {2, 1, 32, 48, 9, 9, 1, 1, {1, 1}, {1, 1}, {0, 0}, {0, 0}};
const ConvShape k1x1Square = {2, 1, 48, 48, 9, 9, 1, 1, {1, 1}, {1, 1}, {0, 0}, {0, 0}};
const ConvShape k3x3 = {2, 1, 32, 32, 8, 8, 3, 3, {1, 1}, {1, 1}, {1, 1}, {1, 1}};
const ConvShape kDepthwise = {2, 32, 1, 1, 10, 10, 5, 5, {2, 2}, {1, 1}, {2, 2}, {2, 2}};

// The products these tests run are bf16 ones.
#define SKIP_WITHOUT_BF16_MATRIX_UNITS()                                                           \
  if (!plan::hasBf16MatrixUnits()) GTEST_SKIP() << "no bf16 matrix instructions"

TEST(FastConvEpilogue, BatchNormActivationAndConvertAreTheConvolutionsPostOpsBitForBit) {
  // The bf16 eval forward's chain: the convolution writes the bf16 result, no loop runs but the
  // result's widening, and every bit is the fusion pass's (the same primitive, its f32 results
  // each rounded as the loop's ops round them). ReLU and ReLU6 (MobileNetV2's clamp).
  SKIP_WITHOUT_BF16_MATRIX_UNITS();
  for (const ConvShape& shape : {k1x1, k3x3, kDepthwise}) {
    for (bool six : {false, true}) {
      EpilogueCase t;
      Value* y = t.batchNorm(t.conv(shape));
      t.check({t.narrowed(six ? t.relu6(y) : t.relu(y))}, 1e-2);
      EXPECT_NE(t.convLine().find(six ? "-> bf16 then sub,mul,add,clamp,bf16 ["
                                      : "-> bf16 then sub,mul,add,relu,bf16 ["),
                std::string::npos)
          << t.plan;
      EXPECT_EQ(kernelCount(t.plan), 2) << "the convolution and the result's widening\n" << t.plan;
      const std::vector<Tensor> fused = t.runWith(true), looped = t.runWith(false);
      EXPECT_TRUE(EpilogueCase::bitwiseEqual(fused[0], looped[0]));
    }
  }
}

TEST(FastConvEpilogue, AResidualIsAddedInPlaceOfTheLoop) {
  // A residual block's end: batch norm, the block's input (the convolution's, laid out as its
  // result) added, ReLU, on a 1x1 convolution (oneDNN's brgemm 1x1 kernel takes no residual; its
  // jit one does) and on a 3x3 one.
  SKIP_WITHOUT_BF16_MATRIX_UNITS();
  for (const ConvShape& shape : {k1x1Square, k3x3}) {
    EpilogueCase t;
    Value* residual = t.b.unary(OpKind::tanh, t.arg(f32({shape.n, shape.c(), shape.h, shape.w})));
    Value* y = t.batchNorm(t.conv(shape, true, residual));
    t.check({t.narrowed(t.relu(t.b.add(residual, y)))}, 1e-2);
    EXPECT_NE(t.convLine().find("then sub,mul,add,add-tensor,relu,bf16 ["), std::string::npos)
        << t.plan;
    EXPECT_EQ(kernelCount(t.plan), 3) << "the residual, the convolution, the result's widening\n"
                                      << t.plan;
  }
}

TEST(FastConvEpilogue, AChainNotEndingInTheConvertToBf16IsLeftToTheLoop) {
  // In f32 (no convert), and where a value of the chain has another reader: the post-ops would
  // slow the convolution by about what the loop costs, which runs anyway.
  for (bool bf16 : {false, true}) {
    if (bf16 && !plan::hasBf16MatrixUnits()) continue;
    EpilogueCase t;
    Value* y = t.batchNorm(t.conv(k1x1, bf16));
    Value* out = bf16 ? t.b.add(t.narrowed(t.relu(y)), t.b.multiply(y, y))
                      : t.b.unary(OpKind::tanh, t.relu(y));
    t.check({out}, bf16 ? 1e-2 : 1e-5);
    EXPECT_NE(t.convLine(), "") << t.plan;
    EXPECT_EQ(t.convLine().find("then"), std::string::npos) << t.plan;
  }
}

TEST(FastConvEpilogue, ATrainStepsBatchStatisticsReadTheResultSoItHasNone) {
  SKIP_WITHOUT_BF16_MATRIX_UNITS();
  EpilogueCase t;
  Value* y = t.conv(k1x1);
  Value* sum = t.b.reduce(y, t.b.splat(f32({}), 0.0), {0, 2, 3}, OpKind::add);
  Value* centered = t.b.subtract(y, t.b.broadcastInDim(sum, y->type.shape, {1}));
  t.check({t.narrowed(t.relu(centered))}, 1e-2);
  EXPECT_NE(t.convLine(), "") << t.plan;
  EXPECT_EQ(t.convLine().find("then"), std::string::npos) << t.plan;
}

TEST(FastConvEpilogue, OnlyOpsOneDnnRoundsAlikeAreTaken) {
  // max(x, −0) keeps −0 where oneDNN's ReLU would give +0; (vector − x) is not x − vector; a
  // clamp to [−0, 6] would keep −0 too: each, and the ops after it, stays a loop.
  SKIP_WITHOUT_BF16_MATRIX_UNITS();
  for (int form = 0; form < 3; ++form) {
    EpilogueCase t;
    Value* y = t.conv(k1x1);
    Value* first = form == 0   ? t.b.maximum(y, t.b.splat(y->type, -0.0))
                   : form == 1 ? t.b.subtract(t.channels(y), y)
                               : t.b.clamp(t.b.splat(f32({}), -0.0), y, t.b.splat(f32({}), 6.0));
    t.check({t.narrowed(t.relu(first))}, 1e-2);
    EXPECT_NE(t.convLine(), "") << t.plan;
    EXPECT_EQ(t.convLine().find("then"), std::string::npos) << t.plan;
  }
}

TEST(FastConvEpilogue, AFusedReluMapsNanToZeroWhereTheGraphsMaximumKeepsIt) {
  // The one departure from the graph (ConvEpilogue.h): oneDNN's ReLU is vmaxps(x, 0). Pinned so
  // that a oneDNN whose ReLU propagates NaN shows here.
  SKIP_WITHOUT_BF16_MATRIX_UNITS();
  EpilogueCase t;
  Value* y = t.conv(k1x1);
  Value* mean = t.arg(f32({48}));
  t.fn.setResults(
      {t.narrowed(t.relu(t.b.subtract(y, t.b.broadcastInDim(mean, y->type.shape, {1}))))});
  verify(t.module);
  t.inputs.back().set<float>(0, std::numeric_limits<float>::quiet_NaN());
  const std::vector<Tensor> fused = t.runWith(true), looped = t.runWith(false);
  // Channel 0 (NCHW [2, 48, 9, 9]: elements 0..80 and 48·81..48·81+80) is NaN before the ReLU.
  for (int64_t i = 0; i < fused[0].numElements(); ++i) {
    if ((i / 81) % 48 == 0) {
      ASSERT_EQ(fused[0].get<float>(i), 0.0f) << i;
      ASSERT_TRUE(std::isnan(looped[0].get<float>(i))) << i;
    } else {
      ASSERT_EQ(fused[0].get<float>(i), looped[0].get<float>(i)) << i;
    }
  }
}

} // namespace
} // namespace hlotrain::cpu::fasttest
