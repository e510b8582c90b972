// The row kernels (RowKernels.h) against the reference interpreter: the softmax and its gradient,
// what they absorb (attention's scale and mask on either side), what they leave (a value read
// elsewhere), rows of any width, and rows whose softmax is NaN; the layer norm, bit for bit the
// fusion pass's, what it writes for its backward, and its output stored in bf16 where only a
// convert to bf16 reads it.

#include "ConvForms.h"
#include "FastTestUtil.h"

#include <array>
#include <bit>
#include <limits>

#include "lower/cpu/RowKernels.h"

namespace hlotrain::cpu::fasttest {
namespace {

class FastRowKernels : public FastFixture {
protected:
  void SetUp() override {
    if (!plan::plansRowKernels()) GTEST_SKIP() << "this build plans no row kernels";
  }

  // The row values broadcast back over rows along `axis` (default: the last dim).
  Value* alongRows(Value* rowValues, const Shape& shape, std::optional<int64_t> axis = {}) {
    std::vector<int64_t> leading;
    for (int64_t d = 0; d < int64_t(shape.size()); ++d)
      if (d != axis.value_or(int64_t(shape.size()) - 1)) leading.push_back(d);
    return b.broadcastInDim(rowValues, shape, leading);
  }

  Value* rowReduce(Value* x, double init, OpKind combiner, std::optional<int64_t> axis = {}) {
    return b.reduce(x, b.splat(f32({}), init), {axis.value_or(x->type.rank() - 1)}, combiner);
  }

  // nn::emitSoftmax's form.
  Value* softmax(Value* x) {
    const Shape& shape = x->type.shape;
    Value* max = rowReduce(x, -std::numeric_limits<double>::infinity(), OpKind::maximum);
    Value* shifted = b.subtract(x, alongRows(max, shape));
    Value* e = b.unary(OpKind::exponential, shifted);
    Value* sum = rowReduce(e, 0.0, OpKind::add);
    return b.divide(e, alongRows(sum, shape));
  }

  // nn::emitLayerNorm's form over `axis` (default: the last dim): y, the normalized values and
  // 1/σ.
  std::array<Value*, 3> layerNorm(Value* x, Value* gamma, Value* beta, double epsilon,
                                  std::optional<int64_t> axis = {}) {
    const Shape& shape = x->type.shape;
    const int64_t along = axis.value_or(x->type.rank() - 1);
    Shape rows = shape;
    rows.erase(rows.begin() + along);
    Value* count = b.splat(f32(rows), static_cast<double>(shape[size_t(along)]));
    Value* mean = b.divide(rowReduce(x, 0.0, OpKind::add, along), count);
    Value* centered = b.subtract(x, alongRows(mean, shape, along));
    Value* variance =
        b.divide(rowReduce(b.multiply(centered, centered), 0.0, OpKind::add, along), count);
    Value* invStd = b.unary(OpKind::rsqrt, b.add(variance, b.splat(f32(rows), epsilon)));
    Value* normalized = b.multiply(centered, alongRows(invStd, shape, along));
    Value* scaled = b.multiply(normalized, b.broadcastInDim(gamma, shape, {along}));
    return {b.add(scaled, b.broadcastInDim(beta, shape, {along})), normalized, invStd};
  }

  // nn::layerNormBackward's input gradient over `axis` (default: the last dim), from dy and the
  // forward's normalized values and 1/σ.
  Value* layerNormGradient(Value* dy, Value* gamma, Value* normalized, Value* invStd,
                           std::optional<int64_t> axis = {}) {
    const Shape& shape = dy->type.shape;
    const int64_t along = axis.value_or(dy->type.rank() - 1);
    Value* g = b.multiply(dy, b.broadcastInDim(gamma, shape, {along}));
    Value* sumG = alongRows(rowReduce(g, 0.0, OpKind::add, along), shape, along);
    Value* sumGn =
        alongRows(rowReduce(b.multiply(g, normalized), 0.0, OpKind::add, along), shape, along);
    Value* sums = b.add(sumG, b.multiply(normalized, sumGn));
    Value* means = b.divide(sums, b.splat(f32(shape), static_cast<double>(shape[size_t(along)])));
    return b.multiply(b.subtract(g, means), alongRows(invStd, shape, along));
  }

  // The kernels' results against the fusion pass's, bit for bit.
  void expectTheFusionPasssBits() {
    CompileOptions fusionOnly;
    fusionOnly.rowKernels = false;
    auto kernel = Executable::compile(module, "main");
    auto fused = Executable::compile(module, "main", fusionOnly);
    const std::vector<Tensor> a = kernel->run(inputs), e = fused->run(inputs);
    ASSERT_EQ(a.size(), e.size());
    for (size_t r = 0; r < a.size(); ++r)
      EXPECT_TRUE(closeTensor(a[r], e[r], 0.0)) << "result " << r;
  }

  // A 1x1 convolution of NCHW `x` to `out` channels: its activations are planned channels-last.
  Value* pointwise(Value* x, int64_t out) {
    const ConvShape f{
        x->type.shape[0], 1,      x->type.shape[1], out,   x->type.shape[2], x->type.shape[3], 1, 1,
        {1, 1},           {1, 1}, {0, 0},           {0, 0}};
    return b.convolution(x, arg(f32({out, x->type.shape[1], 1, 1})),
                         forwardAttributes(f, kNchw, kNchw, kNchw));
  }

  // nn::softmaxBackward's form.
  Value* softmaxGradient(Value* y, Value* dy) {
    Value* ydy = b.multiply(y, dy);
    Value* sum = rowReduce(ydy, 0.0, OpKind::add);
    Value* ySum = b.multiply(y, alongRows(sum, y->type.shape));
    return b.subtract(ydy, ySum);
  }
};

TEST_F(FastRowKernels, ASoftmaxIsOneKernelOverRowsOfAnyWidth) {
  // 37 columns: two whole vectors of 16 and a partial one.
  Value* x = arg(f32({3, 5, 37}));
  check({softmax(x)}, 1e-6);
  EXPECT_TRUE(planHas("row softmax [15x37] (")) << plan;
  EXPECT_FALSE(planHas("fused")) << plan;
}

TEST_F(FastRowKernels, AttentionsScaleAndCausalMaskRunInBothKernels) {
  const Shape scores{2, 3, 20, 20};
  Value* s = arg(f32(scores));
  Value* dy = arg(f32(scores));
  Value* scale = b.splat(f32(scores), 0.3);
  Value* row = b.iota({ElementType::i32, {20, 20}}, 0);
  Value* column = b.iota({ElementType::i32, {20, 20}}, 1);
  Value* visible =
      b.broadcastInDim(b.compare(column, row, ComparisonDirection::LE), scores, {2, 3});
  Value* scaled = b.multiply(s, scale);
  Value* x = b.select(visible, scaled, b.splat(f32(scores), -INFINITY));
  Value* y = softmax(x);
  // The VJPs of the select and the scale, as the gradient table writes them.
  Value* dx = softmaxGradient(y, dy);
  Value* dScaled = b.select(visible, dx, b.splat(f32(scores), 0.0));
  Value* ds = b.multiply(dScaled, scale);
  check({y, ds}, 1e-6);
  EXPECT_TRUE(planHas("row softmax [120x20] scale mask (")) << plan;
  EXPECT_TRUE(planHas("row softmax gradient [120x20] mask scale (")) << plan;
  // Nothing of [2, 3, 20, 20] is computed outside the two kernels.
  EXPECT_FALSE(planHas("fused loop [")) << plan;
}

// bf16 attention: the scores' softmax is converted for P·V and the value gradient while its
// gradient reads it in f32, the gradient's dy is dO·Vᵀ, a bf16 product widened, and its result
// dS is converted for dQ and dK. The softmax writes the bf16 copy, the gradient widens dy as it
// loads and stores dS in bf16: no convert of [2, 3, 20, 20] runs outside the kernels, and every
// result is the fusion pass's to the bit.
TEST_F(FastRowKernels, Bf16AttentionsConvertsRunInsideTheKernels) {
  const Shape scores{2, 3, 20, 20};
  Value* s = arg(f32(scores));
  Value* v = arg({ElementType::bf16, {2, 3, 20, 8}});
  Value* dyBf16 = arg({ElementType::bf16, scores});
  Value* y = softmax(b.multiply(s, b.splat(f32(scores), 0.125)));
  DotDimensionNumbers pv;
  pv.lhsBatchingDimensions = pv.rhsBatchingDimensions = {0, 1};
  pv.lhsContractingDimensions = {3};
  pv.rhsContractingDimensions = {2};
  // P read by two products, as P·V and the value gradient Pᵀ·dO read it: converted once.
  Value* p = b.convert(y, ElementType::bf16);
  Value* out = b.dotGeneral(p, v, pv, ElementType::f32);
  Value* again = b.dotGeneral(p, arg({ElementType::bf16, {2, 3, 20, 8}}), pv, ElementType::f32);
  Value* ds = b.convert(softmaxGradient(y, b.convert(dyBf16, ElementType::f32)), ElementType::bf16);
  // dS read by two products too, as dQ = dS·K and dK = dSᵀ·Q read it.
  Value* k = arg({ElementType::bf16, {2, 3, 20, 8}});
  DotDimensionNumbers transposed = pv;
  transposed.lhsContractingDimensions = {2};
  check({out, again, b.dotGeneral(ds, k, pv, ElementType::f32),
         b.dotGeneral(ds, k, transposed, ElementType::f32)},
        1e-5);
  EXPECT_TRUE(planHas("row softmax [120x20] scale and bf16 (")) << plan;
  EXPECT_TRUE(planHas("row softmax gradient [120x20] from bf16 to bf16 (")) << plan;
  EXPECT_FALSE(planHas("convert")) << plan;
  expectTheFusionPasssBits();
}

TEST_F(FastRowKernels, ARowWithANaNOrNothingVisibleIsNaN) {
  Value* x = arg(f32({4, 33}));
  Value* visible = arg({ElementType::i1, {4, 33}});
  inputs[0].set<float>(33 + 5, std::numeric_limits<float>::quiet_NaN());
  for (int64_t j = 0; j < 33; ++j) {
    inputs[1].set<bool>(33 + j, true);      // row 1 sees its NaN
    inputs[1].set<bool>(2 * 33 + j, false); // row 2 sees nothing
    inputs[1].set<bool>(j, j % 3 != 0);
  }
  check({softmax(b.select(visible, x, b.splat(f32({4, 33}), -INFINITY)))}, 1e-6);
  EXPECT_TRUE(planHas("row softmax [4x33] mask (")) << plan;
  auto exe = Executable::compile(module, "main", options);
  const Tensor y = exe->run(inputs)[0];
  for (int64_t j = 0; j < 33; ++j) {
    EXPECT_TRUE(std::isnan(y.get<float>(33 + j))) << j;
    EXPECT_TRUE(std::isnan(y.get<float>(2 * 33 + j))) << j;
    EXPECT_EQ(y.get<float>(j) == 0.0f, j % 3 == 0) << j;
  }
}

TEST_F(FastRowKernels, AValueSomethingElseReadsStaysOutOfTheKernel) {
  Value* s = arg(f32({6, 16}));
  Value* scaled = b.multiply(s, b.splat(f32({6, 16}), 0.5));
  // The scaled scores are returned too: the kernel reads them instead of scaling.
  check({softmax(scaled), scaled}, 1e-6);
  EXPECT_TRUE(planHas("row softmax [6x16] (")) << plan;
}

TEST_F(FastRowKernels, AnExponentialSomethingElseReadsLeavesTheSoftmaxToTheFusionPass) {
  Value* x = arg(f32({6, 16}));
  Value* max = rowReduce(x, -std::numeric_limits<double>::infinity(), OpKind::maximum);
  Value* e = b.unary(OpKind::exponential, b.subtract(x, alongRows(max, {6, 16})));
  Value* y = b.divide(e, alongRows(rowReduce(e, 0.0, OpKind::add), {6, 16}));
  check({y, e}, 1e-6);
  EXPECT_FALSE(planHas("row softmax")) << plan;
}

TEST_F(FastRowKernels, TurnedOffTheFusionPassPlansIt) {
  options.rowKernels = false;
  Value* x = arg(f32({3, 40}));
  Value* y = layerNorm(x, arg(f32({40})), arg(f32({40})), 1e-5)[0];
  check({softmax(x), softmaxGradient(softmax(x), arg(f32({3, 40}))), y}, 1e-6);
  EXPECT_FALSE(planHas("row softmax")) << plan;
  EXPECT_FALSE(planHas("row layer norm")) << plan;
}

TEST_F(FastRowKernels, ALayerNormIsOneKernelOverRowsOfAnyWidth) {
  Value* x = arg(f32({3, 5, 37}));
  check({layerNorm(x, arg(f32({37})), arg(f32({37})), 1e-6)[0]}, 1e-6);
  EXPECT_TRUE(planHas("row layer norm [15x37] (")) << plan;
  EXPECT_FALSE(planHas("fused")) << plan;
}

TEST_F(FastRowKernels, ALayerNormWritesTheValuesItsBackwardReads) {
  Value* x = arg(f32({6, 192}));
  const auto [y, normalized, invStd] = layerNorm(x, arg(f32({192})), arg(f32({192})), 1e-5);
  check({y, b.multiply(normalized, normalized), b.add(invStd, invStd)}, 1e-6);
  EXPECT_TRUE(planHas("row layer norm [6x192] normalized 1/sigma (")) << plan;
}

// Each op rounds as the graph's does, with the sums in double as the fused reduces take them:
// the kernel's results are the fusion pass's to the bit.
TEST_F(FastRowKernels, ALayerNormIsTheFusionPasssToTheBit) {
  Value* x = arg(f32({64, 200}));
  for (int64_t i = 0; i < inputs[0].numElements(); ++i) // rows of mean far from 0
    inputs[0].set<float>(i, inputs[0].get<float>(i) * 3.0f + 20.0f);
  const auto [y, normalized, invStd] = layerNorm(x, arg(f32({200})), arg(f32({200})), 1e-6);
  fn.setResults({y, normalized, invStd});
  verify(module);
  CompileOptions fusionOnly;
  fusionOnly.rowKernels = false;
  auto kernel = Executable::compile(module, "main");
  auto fused = Executable::compile(module, "main", fusionOnly);
  ASSERT_NE(kernel->dumpPlan().find("row layer norm [64x200] normalized 1/sigma ("),
            std::string::npos)
      << kernel->dumpPlan();
  const std::vector<Tensor> a = kernel->run(inputs), e = fused->run(inputs);
  ASSERT_EQ(a.size(), 3u);
  for (size_t r = 0; r < a.size(); ++r) EXPECT_TRUE(closeTensor(a[r], e[r], 0.0)) << "result " << r;
}

// In a bf16 graph a layer norm's output is read only through its convert to bf16 (the dense
// layers after it; the duplicate converts of Q, K and V merged into one): the kernel stores the
// rounded values in the convert's place, bit for bit the fusion pass's, and the product reads
// them in place. γ = 0 in the first 16 columns makes y = β there exactly, to round ties (to
// even, both ways), a subnormal, overflow to infinity and a NaN whose payload would carry into
// the sign if rounded as a number.
TEST_F(FastRowKernels, ALayerNormReadOnlyInBf16StoresItsOutputInBf16) {
  Value* x = arg(f32({64, 200}));
  Value* gamma = arg(f32({200}));
  Value* beta = arg(f32({200}));
  Value* w = arg({ElementType::bf16, {200, 8}});
  const std::array<float, 8> special = {1.00390625f,
                                        1.01171875f,
                                        -1.00390625f,
                                        1e-40f,
                                        3.3961776e38f,
                                        -3.3961776e38f,
                                        std::bit_cast<float>(0x7fffffffu),
                                        0.0f};
  for (size_t c = 0; c < 16; ++c) {
    inputs[1].set<float>(int64_t(c), 0.0f);
    inputs[2].set<float>(int64_t(c), special[c % special.size()]);
  }
  const auto [y, normalized, invStd] = layerNorm(x, gamma, beta, 1e-6);
  DotDimensionNumbers dense;
  dense.lhsContractingDimensions = {1};
  dense.rhsContractingDimensions = {0};
  Value* yBf16 = b.convert(y, ElementType::bf16);
  Value* product = b.dotGeneral(yBf16, w, dense, ElementType::f32);
  Value* again = b.dotGeneral(b.convert(y, ElementType::bf16), w, dense, ElementType::f32);
  fn.setResults({product, again, yBf16, normalized});
  verify(module);
  plan = Executable::compile(module, "main")->dumpPlan();
  EXPECT_TRUE(planHas("row layer norm [64x200] to bf16 normalized (")) << plan;
  EXPECT_FALSE(planHas("convert")) << plan;
  expectTheFusionPasssBits();
}

// ConvNeXt's channel layer norm: over dim 1 of NCHW activations that convolutions make and read,
// so planned channels-last, where each (n, h, w)'s channels are a contiguous row. One kernel,
// bit for bit the fusion pass's, writing the normalized values in the activations' layout and
// 1/σ row-major, as the backward reads them.
TEST_F(FastRowKernels, AChannelLayerNormOnChannelsLastActivationsIsOneKernel) {
  Value* x = pointwise(arg(f32({2, 8, 5, 6})), 24);
  for (int64_t i = 0; i < inputs[0].numElements(); ++i)
    inputs[0].set<float>(i, inputs[0].get<float>(i) * 3.0f + 20.0f);
  const auto [y, normalized, invStd] = layerNorm(x, arg(f32({24})), arg(f32({24})), 1e-6, 1);
  check({pointwise(y, 16), b.multiply(normalized, normalized), b.add(invStd, invStd)}, 1e-5);
  EXPECT_TRUE(planHas("row layer norm [60x24] normalized 1/sigma (")) << plan;
  expectTheFusionPasssBits();
}

// The same norm over NCHW activations nothing lays out channels-last (function arguments and
// results) has no contiguous rows: the fusion pass plans it.
TEST_F(FastRowKernels, AChannelLayerNormOfRowMajorActivationsIsTheFusionPasss) {
  Value* x = arg(f32({2, 24, 5, 6}));
  check({layerNorm(x, arg(f32({24})), arg(f32({24})), 1e-6, 1)[0]}, 1e-5);
  EXPECT_FALSE(planHas("row layer norm")) << plan;
}

// A layer norm's input gradient is one kernel too, bit for bit the fusion pass's: over the last
// dim of tokens (a transformer's), and over the channels of channels-last activations (ConvNeXt's,
// where dy comes from a convolution and dx goes to one). dγ's and dβ's column sums stay with the
// fusion pass.
TEST_F(FastRowKernels, ALayerNormsInputGradientIsOneKernel) {
  Value* x = arg(f32({4, 9, 40}));
  Value* gamma = arg(f32({40}));
  const auto [y, normalized, invStd] = layerNorm(x, gamma, arg(f32({40})), 1e-6);
  Value* dy = b.multiply(y, arg(f32({4, 9, 40})));
  Value* dx = layerNormGradient(dy, gamma, normalized, invStd);
  Value* dGamma = b.reduce(b.multiply(dy, normalized), b.splat(f32({}), 0.0), {0, 1}, OpKind::add);
  check({dx, dGamma}, 1e-5);
  EXPECT_TRUE(planHas("row layer norm gradient [36x40] (")) << plan;
  expectTheFusionPasssBits();
}

TEST_F(FastRowKernels, AChannelLayerNormsInputGradientOnChannelsLastActivationsIsOneKernel) {
  Value* x = pointwise(arg(f32({2, 8, 5, 6})), 24);
  Value* gamma = arg(f32({24}));
  const auto [y, normalized, invStd] = layerNorm(x, gamma, arg(f32({24})), 1e-6, 1);
  Value* dy = pointwise(y, 24); // a stand-in for the gradient a convolution's backward makes
  Value* dx = layerNormGradient(dy, gamma, normalized, invStd, 1);
  check({pointwise(dx, 16)}, 1e-5);
  EXPECT_TRUE(planHas("row layer norm gradient [60x24] (")) << plan;
  expectTheFusionPasssBits();
}

} // namespace
} // namespace hlotrain::cpu::fasttest
