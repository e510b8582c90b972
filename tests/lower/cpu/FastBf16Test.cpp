// Mixed precision on the fast path: bf16 convolutions (forward, backward-data, backward-weights,
// grouped and depthwise) and matmuls, written as the bf16 emitter writes them (f32 values
// converted to bf16 before each product; the backward products' bf16 results converted back),
// against the reference interpreter; the converts fused into the primitives' reorders and the
// loops' loads and stores; determinism; and the refusal on a CPU without bf16 instructions.
//
// Tolerances. A bf16 x bf16 product with an f32 result is exact in f32, so the fast path differs
// from the reference only by the order of its f32 sums (1e-5 of the result scale). A bf16 result
// is rounded once from the f32 sum by oneDNN, while the reference rounds every product and every
// partial sum to bf16 (StableHLO's semantics on a bf16 result): each result is compared with a
// twin graph whose product has an f32 result rounded once to bf16 (one bf16 ulp of the result
// scale, 2^-7: a rounding that the f32 sums' order tips either way), and with the graph itself
// (eight ulps of the scale, as the per-op roundings of these short sums accumulate).

#include <bit>
#include <cstdlib>
#include <cstring>
#include <functional>

#include "ConvForms.h"
#include "FastTestUtil.h"
#include "lower/cpu/OneDnn.h"

namespace hlotrain::cpu::fasttest {
namespace {

constexpr double kBf16Ulp = 1.0 / 128; // of the scale: 2^-7 at most, relative to |value|

// Plain, strided, grouped, depthwise, 1x1 and dilated, ResNet-like channel counts and small ones.
const std::vector<ConvShape> kShapes = {
    {2, 1, 16, 32, 9, 9, 3, 3, {1, 1}, {1, 1}, {1, 1}, {1, 1}},
    {1, 1, 16, 32, 12, 10, 3, 3, {2, 2}, {1, 1}, {1, 1}, {0, 1}},
    {2, 4, 4, 8, 8, 8, 3, 3, {1, 1}, {1, 1}, {1, 1}, {1, 1}},
    {2, 16, 1, 1, 10, 10, 3, 3, {1, 1}, {1, 1}, {1, 1}, {1, 1}},
    {1, 1, 32, 64, 7, 7, 1, 1, {1, 1}, {1, 1}, {0, 0}, {0, 0}},
    {1, 1, 3, 8, 15, 15, 5, 5, {2, 2}, {2, 2}, {2, 2}, {2, 2}},
};

Value* toBf16(FastCase& t, Value* x) {
  return t.b.convert(x, ElementType::bf16);
}
Value* toF32(FastCase& t, Value* x) {
  return t.b.convert(x, ElementType::f32);
}

// The product's result: bf16 as the backward forms write it (`twin`: an f32 result rounded once
// to bf16 instead), widened back to f32.
Value* bf16Result(FastCase& t, bool twin,
                  const std::function<Value*(std::optional<ElementType>)>& op) {
  if (!twin) return toF32(t, op(std::nullopt));
  return toF32(t, toBf16(t, op(ElementType::f32)));
}

// forward: conv(convert(x), convert(w)) -> f32
Value* forward(FastCase& t, const ConvShape& f) {
  Value* x = t.arg(f32({f.n, f.c(), f.h, f.w}));
  Value* w = t.arg(f32({f.o(), f.inPerGroup, f.kh, f.kw}));
  return t.b.convolution(toBf16(t, x), toBf16(t, w), forwardAttributes(f, kNchw, kNchw, kNchw),
                         ElementType::f32);
}

// backward-data: convert(conv(convert(g), reverse(convert(w')))) -> bf16 -> f32
Value* backwardData(FastCase& t, const ConvShape& f, bool twin) {
  Value* g = t.arg(f32({f.n, f.o(), f.out(0), f.out(1)}));
  Value* w = t.arg(f32({f.c(), f.outPerGroup, f.kh, f.kw}));
  const Attributes a = backwardDataAttributes(f, kNchw, kNchw, kNchw);
  Value* gb = toBf16(t, g);
  Value* wr = t.b.reverse(toBf16(t, w), {2, 3});
  return bf16Result(t, twin, [&](auto type) { return t.b.convolution(gb, wr, a, type); });
}

// backward-weights: convert(conv(convert(x), convert(g))) -> bf16 -> f32, batch and feature
// swapped in the dimension numbers as JAX writes it.
Value* backwardWeights(FastCase& t, const ConvShape& f, bool twin) {
  Value* x = t.arg(f32({f.n, f.c(), f.h, f.w}));
  Value* g = t.arg(f32({f.n, f.o(), f.out(0), f.out(1)}));
  const Attributes a = backwardWeightsAttributes(f, kNchw, kNchw, kNchw);
  Value* xb = toBf16(t, x);
  Value* gb = toBf16(t, g);
  return bf16Result(t, twin, [&](auto type) { return t.b.convolution(xb, gb, a, type); });
}

// Whether the plan's oneDNN kernels name a bf16 ISA. The im2col ones ("gemm:jit", which oneDNN
// takes for grouped backward-weights and three-channel shapes) name none: they call oneDNN's bf16
// gemm, which needs the same instructions (else compile() would have refused).
bool bf16Isa(const std::string& plan) {
  return plan.find("avx512_core_bf16") != std::string::npos ||
         plan.find("avx512_core_amx") != std::string::npos ||
         plan.find("[x64:gemm:jit]") != std::string::npos;
}

// Runs `build(t, false)` on the fast path and checks it against the reference of the same graph
// (`tolerance`) and of `build(twin, true)` (`twinTolerance`); returns the plan.
std::string checkWithTwin(const std::function<Value*(FastCase&, bool)>& build, double tolerance,
                          double twinTolerance, unsigned seed = 7) {
  FastCase t(seed), twin(seed);
  Value* result = build(t, false);
  t.check({result}, tolerance);
  twin.fn.setResults({build(twin, true)});
  verify(twin.module);
  std::vector<Tensor> expected = interpret(twin.module, twin.fn, twin.inputs);
  auto exe = Executable::compile(t.module, "main", t.options);
  std::vector<Tensor> actual = exe->run(t.inputs);
  EXPECT_TRUE(closeTensor(actual[0], expected[0], twinTolerance)) << t.plan;
  // The bf16 result widened to f32 exactly: no bits below bf16's 7-bit mantissa.
  for (int64_t i = 0; i < actual[0].numElements(); ++i) {
    const auto bits = std::bit_cast<uint32_t>(actual[0].get<float>(i));
    if ((bits & 0xFFFFu) != 0) {
      ADD_FAILURE() << "element " << i << " is no bf16 value (bits 0x" << std::hex << bits << ")\n"
                    << t.plan;
      break;
    }
  }
  return t.plan;
}

class FastBf16 : public ::testing::Test {
protected:
  void SetUp() override {
    if (!plan::hasBf16MatrixUnits())
      GTEST_SKIP() << "no bf16 matrix instructions (oneDNN ISA " << plan::effectiveIsaName()
                   << "); FastBf16NoMatrixUnits covers this CPU";
  }
};

TEST_F(FastBf16, ForwardConvolutionsReadTheirConvertsThroughTheReorder) {
  for (size_t i = 0; i < kShapes.size(); ++i) {
    SCOPED_TRACE("shape " + std::to_string(i));
    FastCase t;
    t.check({forward(t, kShapes[i])}, 1e-5);
    EXPECT_TRUE(t.planHas("onednn conv forward")) << t.plan;
    EXPECT_TRUE(t.planHas("bf16 x bf16 -> f32")) << t.plan;
    EXPECT_TRUE(bf16Isa(t.plan)) << t.plan;
    // Both converts happen in the primitive's input reorders: the convolution is the only kernel.
    EXPECT_EQ(kernelCount(t.plan), 1) << t.plan;
    EXPECT_TRUE(t.planHas("convert+reorder(%")) << t.plan;
  }
}

TEST_F(FastBf16, BackwardDataConvolutionsWithBf16Results) {
  for (size_t i = 0; i < kShapes.size(); ++i) {
    SCOPED_TRACE("shape " + std::to_string(i));
    const ConvShape& f = kShapes[i];
    std::string plan = checkWithTwin(
        [&](FastCase& t, bool twin) { return backwardData(t, f, twin); }, 8 * kBf16Ulp, kBf16Ulp);
    // Without strides (lhs dilation) a 1x1 one, and on AMX every one, runs as a forward
    // convolution (recognizeConvolution).
    bool asForward = f.stride[0] == 1 && f.stride[1] == 1 && (f.kh * f.kw == 1 || plan::hasAmx());
    EXPECT_NE(plan.find(asForward ? "onednn conv forward" : "onednn conv backward-data"),
              std::string::npos)
        << plan;
    EXPECT_NE(plan.find("bf16 x bf16 -> bf16"), std::string::npos) << plan;
    EXPECT_TRUE(bf16Isa(plan)) << plan;
    EXPECT_EQ(plan.find("generic"), std::string::npos) << plan;
    EXPECT_EQ(plan.find("strided copy"), std::string::npos) << plan; // reverse read through
    // The convolution, then one loop widening its bf16 result to the returned f32.
    EXPECT_EQ(kernelCount(plan), 2) << plan;
  }
}

TEST_F(FastBf16, BackwardWeightsConvolutionsWidenInTheirOutputReorder) {
  for (size_t i = 0; i < kShapes.size(); ++i) {
    SCOPED_TRACE("shape " + std::to_string(i));
    const ConvShape& f = kShapes[i];
    std::string plan =
        checkWithTwin([&](FastCase& t, bool twin) { return backwardWeights(t, f, twin); },
                      8 * kBf16Ulp, kBf16Ulp);
    EXPECT_NE(plan.find("onednn conv"), std::string::npos) << plan;
    EXPECT_NE(plan.find("bf16 x bf16 -> bf16"), std::string::npos) << plan;
    EXPECT_TRUE(bf16Isa(plan)) << plan;
    if (plan.find("onednn conv backward-weights") != std::string::npos) {
      // Converts in, the bf16 result widened by the output reorder: one kernel in all.
      EXPECT_EQ(kernelCount(plan), 1) << plan;
      EXPECT_NE(plan.find("fused convert step"), std::string::npos) << plan;
    }
  }
}

// backward-weights with x and g as `type` arguments laid out as `layout` says: bf16 ones read
// as they are, f32 ones through their converts.
Value* backwardWeightsOf(FastCase& t, const ConvShape& f, bool twin, const Layout& layout,
                         ElementType type) {
  auto laidOut = [&](std::array<int64_t, 4> logical) {
    Shape shape(4);
    for (size_t d = 0; d < 4; ++d) shape[static_cast<size_t>(layout[d])] = logical[d];
    return TensorType{type, shape};
  };
  Value* x = t.arg(laidOut({f.n, f.c(), f.h, f.w}));
  Value* g = t.arg(laidOut({f.n, f.o(), f.out(0), f.out(1)}));
  const Attributes a = backwardWeightsAttributes(f, layout, layout, kNchw);
  Value* xb = type == ElementType::bf16 ? x : toBf16(t, x);
  Value* gb = type == ElementType::bf16 ? g : toBf16(t, g);
  return bf16Result(t, twin, [&](auto result) { return t.b.convolution(xb, gb, a, result); });
}

TEST_F(FastBf16, SmallMapAndStridedWeightGradientsRunAsIm2colMatmulsOnAmx) {
  if (!plan::hasAmx()) GTEST_SKIP() << "no AMX: oneDNN's backward-weights kernels run these";
  // A 7x7 map, a strided 3x3 with asymmetric padding, a strided 1x1; NCHW and channels-last
  // (NHWC) operands, f32 ones through converts and bf16 ones.
  const std::vector<ConvShape> shapes = {
      {2, 1, 64, 32, 7, 7, 3, 3, {1, 1}, {1, 1}, {1, 1}, {1, 1}},
      {2, 1, 64, 16, 12, 10, 3, 3, {2, 2}, {1, 1}, {1, 1}, {0, 1}},
      {1, 1, 80, 32, 8, 8, 1, 1, {2, 2}, {1, 1}, {0, 0}, {0, 0}},
  };
  const Layout nhwc = {0, 3, 1, 2};
  for (size_t i = 0; i < shapes.size(); ++i)
    for (const Layout& layout : {kNchw, nhwc})
      for (ElementType type : {ElementType::f32, ElementType::bf16}) {
        SCOPED_TRACE("shape " + std::to_string(i) + (layout == kNchw ? " NCHW " : " NHWC ") +
                     std::string(ir::name(type)));
        std::string plan = checkWithTwin(
            [&](FastCase& t, bool twin) {
              return backwardWeightsOf(t, shapes[i], twin, layout, type);
            },
            8 * kBf16Ulp, kBf16Ulp);
        EXPECT_NE(plan.find("onednn conv backward-weights"), std::string::npos) << plan;
        EXPECT_NE(plan.find("bf16 x bf16 -> bf16 [im2col + matmul"), std::string::npos) << plan;
        // dY is the matmul's operand as it lies where it is bf16 and its batch and spatial dims
        // one stride (channels-last, or NCHW of one image), else a copy.
        const bool inPlace = type == ElementType::bf16 && (layout == nhwc || shapes[i].n == 1);
        EXPECT_EQ(plan.find("] copy(%") == std::string::npos, inPlace) << plan;
      }
}

TEST_F(FastBf16, FusedConvertsRoundToNearestEven) {
  // x a checkerboard of 1 + 3 * 2^-9 (bf16 rounds it to 1 + 2^-7) and -1, g all ones, no
  // padding and an 8x8 map: every weight gradient sums 2 * 32 pairs, 0.5 exactly in bf16; 0.375
  // had the converts fused into the primitive's reorders not rounded, 0 had they truncated.
  FastCase t;
  const ConvShape f{2, 1, 4, 8, 10, 10, 3, 3, {1, 1}, {1, 1}, {0, 0}, {0, 0}};
  t.fn.setResults({backwardWeights(t, f, false)});
  verify(t.module);
  Tensor& x = t.inputs[0];
  for (int64_t i = 0; i < f.n * f.c() * f.h * f.w; ++i) {
    const int64_t row = i / f.w % f.h, column = i % f.w;
    x.set<float>(i, (row + column) % 2 == 0 ? 1.0f + 3.0f / 512 : -1.0f);
  }
  Tensor& g = t.inputs[1];
  for (int64_t i = 0; i < f.n * f.o() * f.out(0) * f.out(1); ++i) g.set<float>(i, 1.0f);
  auto exe = Executable::compile(t.module, "main");
  const std::string plan = exe->dumpPlan();
  EXPECT_NE(plan.find("convert+reorder(%0)"), std::string::npos) << plan;
  const Tensor dw = exe->run(t.inputs)[0];
  for (int64_t i = 0; i < f.o() * f.c() * f.kh * f.kw; ++i)
    ASSERT_EQ(dw.get<float>(i), 0.5f) << "element " << i << "\n" << plan;
}

#if defined(__AVX512F__) && defined(__AVX512BW__) && defined(__AVX512VL__)
// Depthwise weight gradients of 5x5 and 7x7 windows (EfficientNet's, MobileNetV3's, ConvNeXt's)
// run on the fast path's own kernel in bf16 too, as in f32 (oneDNN's bf16 kernel for them is its
// slow grouped one): bf16 arguments widened, f32 ones read through their converts and rounded
// there, the sums in f32, the result rounded once and widened into the convert that reads it.
TEST_F(FastBf16, DepthwiseWeightGradientsOfWideWindowsRunOnTheFastPathsKernel) {
  const Layout nhwc = {0, 3, 1, 2};
  for (int64_t k : {5, 7})
    for (int64_t stride : {1, 2})
      for (ElementType type : {ElementType::f32, ElementType::bf16}) {
        SCOPED_TRACE("k " + std::to_string(k) + " stride " + std::to_string(stride) + " " +
                     std::string(ir::name(type)));
        const int64_t pad = (k - 1) / 2;
        const ConvShape f{
            1, 20, 1, 1, 10, 9, k, k, {stride, stride}, {1, 1}, {pad, pad - 1}, {pad, pad}};
        const std::string plan = checkWithTwin(
            [&](FastCase& t, bool twin) { return backwardWeightsOf(t, f, twin, nhwc, type); },
            8 * kBf16Ulp, kBf16Ulp);
        EXPECT_NE(plan.find("bf16 x bf16 -> bf16 [depthwise weights, avx512]"), std::string::npos)
            << plan;
        EXPECT_EQ(kernelCount(plan), 1) << plan;
      }
}

TEST_F(FastBf16, DepthwiseWeightsKernelRoundsItsOperandsToNearestEven) {
  // As FusedConvertsRoundToNearestEven, for the fast path's depthwise kernel: x a checkerboard of
  // 1 + 3 * 2^-9 and -1 in f32 (bf16 rounds the first to 1 + 2^-7), g all ones, 8x8 outputs of a
  // 5x5 window: every weight gradient sums 32 pairs, 0.25 exactly in bf16; 0.1875 had the
  // operands not been rounded, 0 had they been truncated.
  FastCase t;
  const ConvShape f{1, 16, 1, 1, 12, 12, 5, 5, {1, 1}, {1, 1}, {0, 0}, {0, 0}};
  t.fn.setResults({backwardWeightsOf(t, f, false, {0, 3, 1, 2}, ElementType::f32)});
  verify(t.module);
  Tensor& x = t.inputs[0]; // [n, h, w, c]
  for (int64_t i = 0; i < f.n * f.c() * f.h * f.w; ++i) {
    const int64_t column = i / f.c() % f.w, row = i / (f.c() * f.w) % f.h;
    x.set<float>(i, (row + column) % 2 == 0 ? 1.0f + 3.0f / 512 : -1.0f);
  }
  Tensor& g = t.inputs[1];
  for (int64_t i = 0; i < g.numElements(); ++i) g.set<float>(i, 1.0f);
  auto exe = Executable::compile(t.module, "main");
  const std::string plan = exe->dumpPlan();
  EXPECT_NE(plan.find("[depthwise weights, avx512]"), std::string::npos) << plan;
  const Tensor dw = exe->run(t.inputs)[0];
  for (int64_t i = 0; i < dw.numElements(); ++i)
    ASSERT_EQ(dw.get<float>(i), 0.25f) << "element " << i << "\n" << plan;
}
#endif

Value* matmul(FastCase& t, Value* a, Value* b, std::vector<int64_t> batch, int64_t lhsContract,
              int64_t rhsContract, std::optional<ElementType> type) {
  DotDimensionNumbers d;
  d.lhsBatchingDimensions = batch;
  d.rhsBatchingDimensions = batch;
  d.lhsContractingDimensions = {lhsContract};
  d.rhsContractingDimensions = {rhsContract};
  return t.b.dotGeneral(a, b, d, type);
}

TEST_F(FastBf16, AMatmulReadsAnOperandOnlyItConvertsThroughTheConvert) {
  // An eval graph's dense layer: each converted operand has one reader, whose input reorder
  // converts it (no pass of its own writes the bf16 copy).
  FastCase t(1);
  Value* h = t.arg(f32({24, 40}));
  Value* w = t.arg(f32({40, 36}));
  t.check({matmul(t, toBf16(t, h), toBf16(t, w), {}, 1, 0, ElementType::f32)}, 8 * kBf16Ulp);
  EXPECT_TRUE(t.planHas("convert(lhs %0)")) << t.plan;
  EXPECT_TRUE(t.planHas("convert(rhs %1)")) << t.plan;
  EXPECT_EQ(kernelCount(t.plan), 1) << t.plan;
}

TEST_F(FastBf16, AnOperandALoopComputesForItsConvertAloneIsStoredInBf16ByThatLoop) {
  // An eval graph's activation before its next layer: relu(h·s) feeds only its convert, so the
  // loop computing it stores the bf16 value, and the product reads it in place (no converting
  // reorder of the f32 value). The weights, a graph argument, are still read through theirs.
  FastCase t(1);
  Value* h = t.arg(f32({24, 40}));
  Value* w = t.arg(f32({40, 36}));
  Value* scale = t.b.splat(f32({24, 40}), 0.5);
  Value* activation = t.b.maximum(t.b.multiply(h, scale), t.b.splat(f32({24, 40}), 0.0));
  t.check({matmul(t, toBf16(t, activation), toBf16(t, w), {}, 1, 0, ElementType::f32)},
          8 * kBf16Ulp);
  EXPECT_TRUE(t.planHas("fused loop [960] (load,imm,multiply,imm,maximum,convert)")) << t.plan;
  EXPECT_FALSE(t.planHas("convert(lhs %")) << t.plan;
  EXPECT_TRUE(t.planHas("convert(rhs %1)")) << t.plan;
  EXPECT_EQ(kernelCount(t.plan), 2) << t.plan;
}

TEST_F(FastBf16, MatmulsForwardAndTransposed) {
  // A dense layer: y = h w (f32 result), dh = g w^T and dw = h^T g (bf16 results, widened), the
  // widened dh read by a loop (relu's gradient mask).
  auto build = [](FastCase& t, bool twin) {
    Value* h = t.arg(f32({24, 40}));
    Value* w = t.arg(f32({40, 36}));
    Value* g = t.arg(f32({24, 36}));
    Value *hb = toBf16(t, h), *wb = toBf16(t, w), *gb = toBf16(t, g);
    Value* y = matmul(t, hb, wb, {}, 1, 0, ElementType::f32);
    Value* dh = bf16Result(t, twin, [&](auto type) { return matmul(t, gb, wb, {}, 1, 1, type); });
    Value* dw = bf16Result(t, twin, [&](auto type) { return matmul(t, hb, gb, {}, 0, 0, type); });
    Value* zero = t.b.splat(f32({24, 40}), 0.0);
    Value* mask = t.b.select(t.b.compare(h, zero, ComparisonDirection::GT), dh, zero);
    return std::vector<Value*>{y, mask, dw};
  };
  FastCase t(3), twin(3);
  t.check(build(t, false), 8 * kBf16Ulp);
  EXPECT_TRUE(t.planHas("onednn matmul 1x24x36 k=40 bf16 x bf16 -> f32")) << t.plan;
  EXPECT_TRUE(t.planHas("bf16 x bf16 -> bf16")) << t.plan;
  EXPECT_TRUE(bf16Isa(t.plan)) << t.plan;
  EXPECT_FALSE(t.planHas("generic")) << t.plan;
  // Each operand is read by two matmuls, so it is converted once, by a loop of its own, not by
  // each matmul's input reorder: three converting loops, three matmuls, the mask loop that
  // widens dh as it loads, and dw's widening loop.
  EXPECT_FALSE(t.planHas("convert(lhs %")) << t.plan;
  EXPECT_FALSE(t.planHas("convert(rhs %")) << t.plan;
  EXPECT_EQ(kernelCount(t.plan), 8) << t.plan;
  twin.fn.setResults(build(twin, true));
  std::vector<Tensor> expected = interpret(twin.module, twin.fn, twin.inputs);
  auto exe = Executable::compile(t.module, "main");
  std::vector<Tensor> actual = exe->run(t.inputs);
  for (size_t i = 0; i < actual.size(); ++i)
    EXPECT_TRUE(closeTensor(actual[i], expected[i], i == 0 ? 1e-5 : kBf16Ulp)) << i;
}

TEST_F(FastBf16, BatchedMatmul) {
  std::string plan = checkWithTwin(
      [](FastCase& t, bool twin) {
        Value* a = toBf16(t, t.arg(f32({3, 8, 32})));
        Value* b = toBf16(t, t.arg(f32({3, 32, 12})));
        return bf16Result(t, twin, [&](auto type) { return matmul(t, a, b, {0}, 2, 1, type); });
      },
      8 * kBf16Ulp, kBf16Ulp);
  EXPECT_NE(plan.find("onednn matmul 3x8x12 k=32 bf16 x bf16 -> bf16"), std::string::npos) << plan;
  EXPECT_TRUE(bf16Isa(plan)) << plan;
}

TEST_F(FastBf16, LoopsConvertToAndFromBf16Exactly) {
  // convert(f32 -> bf16) as a loop's output, convert(bf16 -> f32) as a loop's input, a bf16
  // broadcast in between: all exact, so the fast path matches the reference bit for bit.
  FastCase t;
  Value* x = t.arg(f32({4, 33}));
  Value* y = t.arg(f32({4, 33}));
  Value* narrowed = toBf16(t, t.b.multiply(x, y));
  Value* row = toBf16(t, t.arg(f32({33})));
  Value* wide = t.b.add(toF32(t, t.b.broadcastInDim(row, {4, 33}, {1})), x);
  // Values that round: ties, near-overflow, NaN (one whose payload would carry into the sign if
  // rounded as a number), in a vector of their own (which a CPU with AVX512-BF16 narrows with
  // vcvtneps2bf16) and again beside a subnormal (which that instruction reads as zero: the
  // vector takes the bit operations).
  for (int64_t start : {0, 16}) {
    for (int64_t i = 0; i < 8; ++i) {
      t.inputs[0].set<float>(start + i, 1.0f + float(i) / 256.0f + 1.0f / 512);
      t.inputs[1].set<float>(start + i, 1.0f);
    }
    t.inputs[0].set<float>(start + 8, 3.4e38f);
    t.inputs[1].set<float>(start + 8, 1.0f);
    t.inputs[0].set<float>(start + 9, std::nanf(""));
    t.inputs[0].set<float>(start + 11, std::bit_cast<float>(0x7fffffffu));
  }
  t.inputs[0].set<float>(10, 1e-39f); // a subnormal bf16 keeps: 0x000b
  t.inputs[1].set<float>(10, 1.0f);
  t.check({narrowed, wide}, 0);
  EXPECT_FALSE(t.planHas("generic")) << t.plan;
  EXPECT_EQ(kernelCount(t.plan), 3) << t.plan; // x*y narrowed; the row narrowed; the sum
}

TEST_F(FastBf16, ActivationsBetweenLoopsArePlannedChannelsLast) {
  // relu -> bf16 convolution -> relu, as in a network: the convolution's f32 source and result
  // are channels-last like f32 ones, and its bf16 weights gradient is fused as above.
  FastCase t;
  const ConvShape& f = kShapes[0];
  Value* x = t.arg(f32({f.n, f.c(), f.h, f.w}));
  Value* w = t.arg(f32({f.o(), f.inPerGroup, f.kh, f.kw}));
  Value* zero = t.b.splat(x->type, 0.0);
  Value* a = t.b.maximum(x, zero);
  Attributes attrs;
  attrs.conv = convNumbers(kNchw, kNchw, kNchw);
  attrs.padding = {{1, 1}, {1, 1}};
  Value* y = t.b.convolution(toBf16(t, a), toBf16(t, w), attrs, ElementType::f32);
  Value* out = t.b.maximum(y, t.b.splat(y->type, 0.0));
  t.check({out}, 1e-5);
  EXPECT_TRUE(t.planHas("{0,2,3,1}")) << t.plan;
  EXPECT_TRUE(t.planHas("onednn conv forward")) << t.plan;
  EXPECT_FALSE(t.planHas("generic")) << t.plan;
  EXPECT_EQ(kernelCount(t.plan), 3) << t.plan; // relu, convolution, relu
}

TEST_F(FastBf16, TwoRunsAreBitIdentical) {
  FastCase t;
  const ConvShape& f = kShapes[0];
  Value* y = forward(t, f);
  Value* dx = backwardData(t, f, false);
  Value* dw = backwardWeights(t, f, false);
  t.fn.setResults({y, dx, dw});
  verify(t.module);
  auto exe = Executable::compile(t.module, "main");
  std::vector<Tensor> first = exe->run(t.inputs), second = exe->run(t.inputs);
  auto again = Executable::compile(t.module, "main");
  std::vector<Tensor> third = again->run(t.inputs);
  for (size_t i = 0; i < first.size(); ++i) {
    ASSERT_EQ(first[i].byteSize(), second[i].byteSize());
    EXPECT_EQ(std::memcmp(first[i].bytes(), second[i].bytes(), first[i].byteSize()), 0) << i;
    EXPECT_EQ(std::memcmp(first[i].bytes(), third[i].bytes(), first[i].byteSize()), 0) << i;
  }
}

// Runs only where oneDNN sees no bf16 instructions: on such a CPU, and in the ctest entry
// FastBf16NoMatrixUnits.ForcedByMaxCpuIsa, which sets ONEDNN_MAX_CPU_ISA=AVX512_CORE for its
// process (oneDNN reads it before the first primitive).
TEST(FastBf16NoMatrixUnits, CompilingABf16ProductRefuses) {
  if (plan::hasBf16MatrixUnits())
    GTEST_SKIP() << "this CPU has bf16 matrix instructions; ctest runs this test again with "
                    "ONEDNN_MAX_CPU_ISA=AVX512_CORE";
  FastCase t;
  t.fn.setResults({forward(t, kShapes[0])});
  verify(t.module);
  try {
    Executable::compile(t.module, "main");
    ADD_FAILURE() << "compiled a bf16 convolution without bf16 instructions";
  } catch (const UnsupportedError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("this CPU has no bf16 matrix instructions (oneDNN ISA "),
              std::string::npos)
        << message;
    EXPECT_NE(message.find("run f32"), std::string::npos) << message;
  }
  // f32 graphs still compile.
  FastCase f32Case;
  Value* a = f32Case.arg(f32({4, 8}));
  Value* b = f32Case.arg(f32({8, 3}));
  f32Case.check({matmul(f32Case, a, b, {}, 1, 0, std::nullopt)});
}

TEST(FastBf16NoMatrixUnits, ForcedIsaIsSeen) {
  const char* forced = std::getenv("ONEDNN_MAX_CPU_ISA");
  if (!forced) GTEST_SKIP() << "ONEDNN_MAX_CPU_ISA not set";
  EXPECT_FALSE(plan::hasBf16MatrixUnits()) << plan::effectiveIsaName();
}

} // namespace
} // namespace hlotrain::cpu::fasttest
