// The fast path's whole-graph fusions against the reference interpreter: reduces that absorb
// their elementwise producers (and store their operand's bf16 copy), views recomputed in every
// loop that reads them, a matmul that writes its transposed product directly, and planar (NCHW)
// pooling.

#include <cstring>

#include "FastTestUtil.h"

namespace hlotrain::cpu::fasttest {
namespace {

using FastFusion = FastFixture;

int occurrences(const std::string& text, const std::string& part) {
  int count = 0;
  for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++count;
  return count;
}

TEST_F(FastFusion, ReduceAbsorbsItsElementwiseProducers) {
  // Batch-norm statistics: sum(x) and sum((x - mean)^2) over N, H, W of an NCHW tensor.
  Shape shape{4, 3, 5, 6};
  Value* x = arg(f32(shape));
  Value* zero = b.scalar(0.0f);
  Value* n = b.broadcastInDim(b.scalar(120.0f), {3}, {});
  Value* mean = b.divide(b.reduce(x, zero, {0, 2, 3}, OpKind::add), n);
  Value* centered = b.subtract(x, b.broadcastInDim(mean, shape, {1}));
  Value* var = b.divide(b.reduce(b.multiply(centered, centered), zero, {0, 2, 3}, OpKind::add), n);
  check({mean, var, centered});
  EXPECT_TRUE(planHas("fused reduce add [4x3x30] (load,multiply)")) << plan;
  EXPECT_FALSE(planHas("generic")) << plan;
}

TEST_F(FastFusion, FusedReducesOfEveryShapeAndCombiner) {
  Value* x = arg(f32({4, 5, 6}));
  Value* y = arg(f32({4, 5, 6}));
  Value* e = b.add(b.multiply(x, y), b.splat(f32({4, 5, 6}), 0.25));
  std::vector<Value*> results;
  for (std::vector<int64_t> dims :
       std::vector<std::vector<int64_t>>{{0}, {1}, {2}, {0, 2}, {1, 2}, {0, 1, 2}, {}}) {
    // A non-identity init is folded in once.
    results.push_back(b.reduce(b.unary(OpKind::negate, e), b.scalar(0.5f), dims, OpKind::add));
    results.push_back(b.reduce(b.unary(OpKind::abs, e), b.scalar(-2.0f), dims, OpKind::maximum));
    results.push_back(
        b.reduce(b.unary(OpKind::exponential, e), b.scalar(2.0f), dims, OpKind::minimum));
  }
  check(results, 1e-5);
  EXPECT_FALSE(planHas("generic")) << plan;
}

TEST_F(FastFusion, LargeReducesSplitIntoBlocksAcrossThreads) {
  // Big enough for the parallel path; the kept dim is inner, outer or both.
  Value* x = arg(f32({64, 32, 128}));
  Value* sq = b.multiply(x, x);
  std::vector<Value*> results;
  for (std::vector<int64_t> dims : std::vector<std::vector<int64_t>>{{0, 2}, {0, 1}, {1, 2}, {0}})
    results.push_back(b.reduce(sq, b.scalar(0.0f), dims, OpKind::add));
  results.push_back(b.reduce(x, b.scalar(-INFINITY), {0, 1, 2}, OpKind::maximum));
  check(results, 1e-5);
}

TEST_F(FastFusion, BroadcastsReadBySeveralLoopsAreNeverMaterialized) {
  Shape shape{2, 3, 4, 5};
  Value* x = arg(f32(shape));
  Value* scale = arg(f32({3}));
  Value* s = b.broadcastInDim(scale, shape, {1});
  Value* zeros = b.broadcastInDim(b.scalar(0.0f), shape, {});
  Value* y = b.maximum(b.multiply(x, s), zeros);
  Value* g = b.select(b.compare(x, zeros, ComparisonDirection::GT), b.add(x, s), zeros);
  check({y, g, b.reduce(b.multiply(x, s), b.scalar(0.0f), {0, 2, 3}, OpKind::add)});
  // Two loops and one fused reduce; neither broadcast is written out on its own.
  EXPECT_FALSE(planHas("(load)")) << plan;
  EXPECT_FALSE(planHas("(imm)")) << plan;
}

TEST_F(FastFusion, AdamUpdatesEachParameterInOneLoop) {
  // m' = b1 m + (1 - b1) g; v' = b2 v + (1 - b2) g^2; p' = p - lr m' / (sqrt(v') + eps); all
  // three are results, m' and v' are read only by p'.
  Shape shape{3, 70};
  Value* p = arg(f32(shape));
  Value* m = arg(f32(shape));
  Value* v = arg(f32(shape));
  Value* g = arg(f32(shape));
  auto k = [&](double c) { return b.splat(f32(shape), c); };
  Value* m2 = b.add(b.multiply(k(0.9), m), b.multiply(k(0.1), g));
  Value* v2 =
      b.add(b.multiply(k(0.999), b.unary(OpKind::abs, v)), b.multiply(k(0.001), b.multiply(g, g)));
  Value* p2 =
      b.subtract(p, b.divide(b.multiply(k(1e-3), m2), b.add(b.unary(OpKind::sqrt, v2), k(1e-8))));
  check({p2, m2, v2}, 1e-6);
  EXPECT_EQ(plan.find("fused loop"), plan.rfind("fused loop")) << plan;
}

// Batch norm over the channels of an NHWC-like [pixels, channels] tensor, forward and backward,
// as autodiff writes it: centered = x - mean, y = relu(centered * s + b); the gradient gy of y,
// dc = gy * s - centered * (sum(gy * centered) * k) and dx = dc - mean(dc).
struct BatchNorm {
  Value *mean, *var, *y, *sumGyC, *sumGy, *dx;
};

// BatchNorm's forward and backward over [rows, channels] of random arguments x, scale, shift and
// the output gradient g, built in `c`.
BatchNorm batchNorm(FastCase& c, const Shape& shape) {
  Value* x = c.arg(f32(shape));
  Value* scale = c.arg(f32({shape[1]}));
  Value* shift = c.arg(f32({shape[1]}));
  Value* g = c.arg(f32(shape));
  Builder& b = c.b;
  auto perChannel = [&](Value* v) { return b.broadcastInDim(v, shape, {1}); };
  Value* zero = b.scalar(0.0f);
  Value* zeros = b.broadcastInDim(zero, shape, {});
  Value* n = b.broadcastInDim(b.scalar(static_cast<float>(shape[0])), {shape[1]}, {});
  Value* mean = b.divide(b.reduce(x, zero, {0}, OpKind::add), n);
  Value* centered = b.subtract(x, perChannel(mean));
  Value* var = b.divide(b.reduce(b.multiply(centered, centered), zero, {0}, OpKind::add), n);
  Value* s = b.multiply(b.unary(OpKind::rsqrt, b.add(var, b.splat(var->type, 1e-5))), scale);
  Value* pre = b.add(b.multiply(centered, perChannel(s)), perChannel(shift));
  Value* y = b.maximum(pre, zeros);
  Value* gy = b.select(b.compare(pre, zeros, ComparisonDirection::GT), g, zeros);
  Value* sumGyC = b.reduce(b.multiply(gy, centered), zero, {0}, OpKind::add);
  Value* sumGy = b.reduce(gy, zero, {0}, OpKind::add);
  Value* k = b.divide(b.multiply(sumGyC, s), b.multiply(n, b.add(var, b.splat(var->type, 1e-5))));
  Value* dc = b.subtract(b.multiply(gy, perChannel(s)), b.multiply(centered, perChannel(k)));
  Value* mdc = b.divide(b.reduce(dc, zero, {0}, OpKind::add), n);
  Value* dx = b.subtract(dc, perChannel(mdc));
  return {mean, var, y, sumGyC, sumGy, dx};
}

TEST_F(FastFusion, BatchNormRecomputesItsElementwiseValuesInsteadOfStoringThem) {
  BatchNorm bn = batchNorm(*this, {300, 40});
  check({bn.mean, bn.var, bn.y, bn.sumGyC, bn.sumGy, bn.dx}, 1e-4);
  // 40 channels: per-channel sums fold 16 at a time plus a tail. Full-size values are written
  // only as results (y and dx); centered, the ReLU input and its gradient live in registers.
  EXPECT_EQ(occurrences(plan, "= fused loop [300x40]"), 2) << plan;
  EXPECT_FALSE(planHas("generic")) << plan;
}

TEST_F(FastFusion, SiblingReducesShareOnePass) {
  BatchNorm bn = batchNorm(*this, {300, 40});
  // sum(gy) is read only after the input gradient's sum: the two fold in one pass.
  check({bn.dx, bn.sumGy}, 1e-4);
  EXPECT_TRUE(planHas("fused reduce add x2 [300x40]")) << plan;
}

TEST_F(FastFusion, LargeBatchNormAcrossThreads) {
  // Big enough for parallel loops and reduces; the per-channel values are computed once per
  // thread and run.
  BatchNorm bn = batchNorm(*this, {33000, 8});
  check({bn.mean, bn.var, bn.y, bn.sumGyC, bn.sumGy, bn.dx}, 1e-4);
}

TEST_F(FastFusion, BroadcastsAlongLongRowsAreNotInvariant) {
  // Rows longer than a chunk: a value broadcast along the outer dim differs between the chunks
  // of a row; one broadcast along the inner dim is the same in every chunk of a row.
  Value* x = arg(f32({3, 1000}));
  Value* row = arg(f32({1000}));
  Value* column = arg(f32({3}));
  Value* y = b.add(b.multiply(x, b.broadcastInDim(row, {3, 1000}, {1})),
                   b.broadcastInDim(column, {3, 1000}, {0}));
  check({y, b.reduce(b.multiply(y, y), b.scalar(0.0f), {0}, OpKind::add)});
}

TEST_F(FastFusion, ValueRecomputedByTwoLoopsKeepsItsSingleUseOperandStored) {
  // r = exp(x * y + z) is recomputed by both loops reading it; its operand (three sources) is
  // too costly to recompute, so it is stored once and read by both, not taken by the first.
  Shape shape{6, 50};
  Value* x = arg(f32(shape));
  Value* y = arg(f32(shape));
  Value* z = arg(f32(shape));
  Value* r = b.unary(OpKind::exponential, b.add(b.multiply(x, y), z));
  check({b.add(r, x), b.multiply(r, y)});
  EXPECT_FALSE(planHas("generic")) << plan;
}

TEST_F(FastFusion, ALongChainReadTwiceIsStoredOnceNotRecomputedByBoth) {
  // A value of one source through `ops` elementwise ops, read by a loop and a reduce: a short
  // chain is recomputed by both (two kernels), a long one (an exact GELU gradient's length) is
  // computed once and stored (three kernels: the chain, the loop reading it, the reduce).
  for (int ops : {4, 48}) {
    FastCase t;
    Value* x = t.arg(f32({64, 48}));
    Value* chain = x;
    for (int k = 0; k < ops / 2; ++k)
      chain = t.b.add(t.b.multiply(chain, t.b.splat(x->type, 0.5)), t.b.splat(x->type, 0.25));
    t.check({t.b.multiply(chain, x), t.b.reduce(chain, t.b.scalar(0.0f), {0}, OpKind::add)});
    EXPECT_EQ(kernelCount(t.plan), ops == 48 ? 3 : 2) << ops << " ops\n" << t.plan;
  }
}

TEST_F(FastFusion, AValueReadDirectlyAndThroughARecomputedOneIsComputedOnce) {
  // The exact GELU's shape: y = x + bias is read by the root directly (0.5·y) and through
  // w = clamp(y·s), read twice itself (w·w and w·(w·w)). Each is computed once per element.
  Value* x = arg(f32({64, 48}));
  Value* bias = b.broadcastInDim(arg(f32({48})), x->type.shape, {1});
  auto k = [&](double c) { return b.splat(x->type, c); };
  Value* y = b.add(x, bias);
  Value* w = b.clamp(k(-4.0), b.multiply(y, k(0.7)), k(4.0));
  Value* z = b.multiply(w, w);
  check({b.multiply(b.multiply(y, k(0.5)), b.add(b.multiply(w, z), k(1.0)))});
  EXPECT_EQ(kernelCount(plan), 1) << plan;
  EXPECT_EQ(occurrences(plan, "clamp"), 1) << plan;
  EXPECT_EQ(occurrences(plan, ",add"), 2) << plan; // y, and 1 + w·z
}

TEST(FastFusionNarrowed, AGradientNarrowedAndSummedIsComputedOnceAndNeverStoredInF32) {
  // g = dy·x·x + dy (f32) read by its bf16 narrowing (the convolutions' operand) and by its
  // column sums (a bias gradient): one pass stores the bf16 copy and sums g, whichever of the two
  // comes first, compiled and interpreted, each as the separate passes would.
  for (bool narrowFirst : {false, true})
    for (bool vectorLoops : {true, false}) {
      FastCase c(3);
      c.options.vectorLoops = vectorLoops;
      Value* x = c.arg(f32({64, 48}));
      Value* dy = c.arg(f32({64, 48}));
      Value* g = c.b.add(c.b.multiply(c.b.multiply(dy, x), x), dy);
      Value* narrowed = narrowFirst ? c.b.convert(g, ElementType::bf16) : nullptr;
      Value* sums = c.b.reduce(g, c.b.scalar(0.0f), {0}, OpKind::add);
      if (!narrowFirst) narrowed = c.b.convert(g, ElementType::bf16);
      c.check({narrowed, sums});
      // The bf16 copy rounds as the convert: bit for bit the reference's.
      const Tensor expected = interpret(c.module, c.fn, c.inputs)[0];
      const Tensor actual = Executable::compile(c.module, "main", c.options)->run(c.inputs)[0];
      EXPECT_EQ(std::memcmp(actual.bytes(), expected.bytes(), expected.type().byteSize()), 0);
      EXPECT_EQ(kernelCount(c.plan), 1) << c.plan;
      EXPECT_TRUE(c.planHas("fused reduce add storing %")) << c.plan;
      EXPECT_EQ(c.planHas("compiled with sums"), vectorLoops) << c.plan;
    }
}

TEST(FastFusionNarrowed, AGradientReadByAnythingElseIsStored) {
  FastCase c(3);
  Value* x = c.arg(f32({64, 48}));
  Value* g = c.b.multiply(x, x);
  c.check({c.b.convert(g, ElementType::bf16), c.b.reduce(g, c.b.scalar(0.0f), {0}, OpKind::add),
           c.b.add(g, x)});
  EXPECT_FALSE(c.planHas("storing")) << c.plan;
}

TEST_F(FastFusion, ValuesReadElsewhereKeepTheirOwnLoop) {
  Value* x = arg(f32({4, 5}));
  Value* y = b.multiply(x, x);
  Value* z = b.add(y, x);
  // y is a result read by z and by a reduce: it is not computed inside z's loop.
  check({z, y, b.reduce(y, b.scalar(0.0f), {1}, OpKind::add)});
  EXPECT_TRUE(planHas("fused loop [20] (load,multiply)")) << plan;
}

TEST_F(FastFusion, TransposedProductIsWrittenByTheMatmul) {
  Value* g = arg(f32({16, 24}));
  Value* a = arg(f32({16, 40}));
  // A dense layer's weight gradient as a graph may write it (hlotrain's autodiff did):
  // transpose(g^T a).
  Value* product = b.dotGeneral(g, a, {{}, {}, {0}, {0}});
  Value* weightGrad = b.transpose(product, {1, 0});
  check({b.multiply(weightGrad, weightGrad)});
  EXPECT_TRUE(planHas("onednn matmul 1x40x24 k=16")) << plan;
  EXPECT_FALSE(planHas("strided copy")) << plan;
}

TEST(FastFusionBias, ABiasAddIsTheMatmulsBiasAddedToTheFinishedProduct) {
  // 5·1 summed over k (exact: 10, 3840) then added to 1e8 rounds once (f32's spacing there is
  // 8); adding the bias first, 1e8 + 5 + 5 + ..., would round at every step and drift.
  for (int64_t k : {2, 768}) {
    FastCase c;
    Value* x = c.arg(f32({3, k}));
    Value* w = c.arg(f32({k, 4}));
    Value* bias = c.arg(f32({4}));
    c.inputs[0] = Tensor::fromVector<float>({3, k}, std::vector<float>(size_t(3 * k), 5.0f));
    c.inputs[1] = Tensor::fromVector<float>({k, 4}, std::vector<float>(size_t(4 * k), 1.0f));
    c.inputs[2] = Tensor::fromVector<float>({4}, std::vector<float>(4, 1e8f));
    Value* product = c.b.dotGeneral(x, w, {{}, {}, {1}, {0}});
    c.check({c.b.add(c.b.broadcastInDim(bias, {3, 4}, {1}), product)}, 0.0);
    EXPECT_TRUE(c.planHas("onednn matmul 1x3x4 k=" + std::to_string(k))) << c.plan;
    EXPECT_TRUE(c.planHas("bias(%")) << c.plan;
    EXPECT_FALSE(c.planHas("fused loop")) << c.plan;
  }
}

TEST_F(FastFusion, ABiasAddFollowsTheSumOfALongContractionsBlocks) {
  Value* x = arg(f32({2, 5, 2048}));
  Value* w = arg(f32({2048, 3}));
  Value* bias = arg(f32({3}));
  Value* product = b.dotGeneral(x, w, {{}, {}, {2}, {0}});
  check({b.add(product, b.broadcastInDim(bias, {2, 5, 3}, {2}))});
  EXPECT_TRUE(planHas("blocks of k summed in double")) << plan;
  EXPECT_TRUE(planHas("bias(%")) << plan;
  EXPECT_FALSE(planHas("fused loop")) << plan;
}

TEST_F(FastFusion, AProductReadElsewhereKeepsItsBiasAdd) {
  Value* x = arg(f32({4, 6}));
  Value* w = arg(f32({6, 5}));
  Value* bias = arg(f32({5}));
  Value* product = b.dotGeneral(x, w, {{}, {}, {1}, {0}});
  check({b.add(product, b.broadcastInDim(bias, {4, 5}, {1})), b.multiply(product, product)});
  EXPECT_FALSE(planHas("bias(%")) << plan;
}

TEST_F(FastFusion, AReshapeOfAValueComputedForItIsStoredInItsLoop) {
  // Attention's heads merged back into [B, T, D]: transpose [B, H, T, dh] -> [B, T, H, dh], then
  // reshape; one loop writes the reshape's slot, no copy after it.
  Value* heads = arg(f32({2, 3, 5, 4}));
  Value* merged = b.reshape(b.transpose(b.multiply(heads, heads), {0, 2, 1, 3}), {2, 5, 12});
  check({b.add(merged, merged)});
  size_t loops = 0;
  for (size_t at = plan.find("fused loop"); at != std::string::npos;
       at = plan.find("fused loop", at + 1))
    ++loops;
  EXPECT_EQ(loops, 2u) << plan; // the merge, and the add
  EXPECT_FALSE(planHas("(load) (")) << plan;
}

TEST_F(FastFusion, ProductReadTwiceKeepsItsOwnMatmul) {
  Value* g = arg(f32({8, 6}));
  Value* a = arg(f32({8, 10}));
  Value* product = b.dotGeneral(g, a, {{}, {}, {0}, {0}});
  check({b.transpose(product, {1, 0}), product});
  EXPECT_TRUE(planHas("onednn matmul 1x6x10 k=8")) << plan;
}

TEST(FastFusionWindows, PlanarPoolingMatchesTheReferenceBitForBit) {
  for (unsigned seed = 0; seed < 20; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    FastCase t(seed);
    auto pick = [&](int lo, int hi) {
      return std::uniform_int_distribution<int64_t>(lo, hi)(t.rng);
    };
    Shape shape{pick(1, 3), pick(1, 4), pick(2, 9), pick(2, 9)};
    t.arg(f32(shape));
    // Ties, signed zeros and a NaN exercise the select and max rules.
    Tensor& in = t.inputs.back();
    in.set<float>(0, -0.0f);
    if (in.numElements() > 3) {
      in.set<float>(1, 0.0f);
      in.set<float>(2, 0.0f);
    }
    if (seed % 3 == 0) in.set<float>(in.numElements() - 1, NAN);
    Value* x = t.fn.body.args.back().get();
    Attributes a;
    a.windowDimensions = {1, 1, pick(1, 3), pick(1, 3)};
    a.windowStrides = {1, 1, pick(1, 3), pick(1, 3)};
    a.padding = {{0, 0}, {0, 0}, {pick(0, 1), pick(0, 2)}, {pick(0, 1), pick(0, 2)}};
    Value* mx = t.b.reduceWindow(x, t.b.scalar(-INFINITY), a, OpKind::maximum);
    Value* sum = t.b.reduceWindow(x, t.b.scalar(0.5f), a, OpKind::add);
    Value* source = t.arg(mx->type);
    Value* ge =
        t.b.selectAndScatter(x, source, t.b.scalar(0.0f), a, ComparisonDirection::GE, OpKind::add);
    Value* gt =
        t.b.selectAndScatter(x, source, t.b.scalar(1.0f), a, ComparisonDirection::GT, OpKind::add);
    t.check({mx, sum, ge, gt}, 0.0);
    EXPECT_FALSE(t.planHas("generic")) << t.plan;
  }
}

// A 3x3 SAME convolution of NCHW activations and OIHW kernels.
Value* conv3x3(Builder& b, Value* x, Value* w) {
  Attributes a;
  a.conv.inputSpatialDimensions = {2, 3};
  a.conv.kernelSpatialDimensions = {2, 3};
  a.conv.outputSpatialDimensions = {2, 3};
  a.windowStrides = {1, 1};
  a.padding = {{1, 1}, {1, 1}};
  return b.convolution(x, w, a);
}

TEST_F(FastFusion, ActivationsBetweenConvolutionsStayChannelsLast) {
  // conv -> batch-norm-like statistics and ReLU -> conv -> max pool and a reshape.
  Shape shape{2, 8, 6, 6};
  Value* x = arg(f32({2, 3, 6, 6}));
  Value* w1 = arg(f32({8, 3, 3, 3}));
  Value* w2 = arg(f32({8, 8, 3, 3}));
  Value* y = conv3x3(b, x, w1);
  Value* zero = b.scalar(0.0f);
  Value* mean = b.reduce(y, zero, {0, 2, 3}, OpKind::add);
  Value* centered = b.subtract(y, b.broadcastInDim(mean, shape, {1}));
  Value* sq = b.reduce(b.multiply(centered, centered), zero, {0, 2, 3}, OpKind::add);
  Value* relu = b.maximum(centered, b.broadcastInDim(zero, shape, {}));
  Value* z = conv3x3(b, relu, w2);
  Value* h = b.add(z, b.splat(f32(shape), 0.5));
  Attributes pool;
  pool.windowDimensions = {1, 1, 2, 2};
  pool.windowStrides = {1, 1, 2, 2};
  pool.padding = {{0, 0}, {0, 0}, {0, 0}, {0, 0}};
  Value* pooled = b.reduceWindow(h, b.scalar(-INFINITY), pool, OpKind::maximum);
  Value* flat = b.reshape(b.multiply(h, h), {2, 8 * 36});
  check({mean, sq, pooled, flat}, 1e-4);
  // The first convolution's result and the ReLU feeding the second are channels-last; the
  // values read by the pooling and the reshape are not.
  EXPECT_TRUE(planHas("x6xf32>{0,2,3,1}")) << plan;
  EXPECT_EQ(plan.find("{0,2,3,1}@", plan.find("reduce_window")), std::string::npos) << plan;
  EXPECT_FALSE(planHas("generic")) << plan;
}

TEST_F(FastFusion, PoolingReadsAndWritesChannelsLast) {
  // conv -> ReLU -> max pool -> conv, and the pool's gradient (select_and_scatter) -> conv.
  for (int64_t padding : {0, 1}) {
    SCOPED_TRACE("padding " + std::to_string(padding));
    FastCase t(static_cast<unsigned>(padding));
    Shape shape{2, 8, 6, 6};
    Value* x = t.arg(f32({2, 3, 6, 6}));
    Value* w1 = t.arg(f32({8, 3, 3, 3}));
    Value* w2 = t.arg(f32({4, 8, 3, 3}));
    Value* y = conv3x3(t.b, x, w1);
    Value* relu = t.b.maximum(y, t.b.broadcastInDim(t.b.scalar(0.0f), shape, {}));
    Attributes pool;
    pool.windowDimensions = {1, 1, 3, 3};
    pool.windowStrides = {1, 1, 2, 2};
    pool.padding = {{0, 0}, {0, 0}, {padding, padding}, {padding, padding}};
    Value* pooled = t.b.reduceWindow(relu, t.b.scalar(-INFINITY), pool, OpKind::maximum);
    Value* z = conv3x3(t.b, pooled, w2);
    Value* source = t.arg(pooled->type);
    Value* grad = t.b.selectAndScatter(relu, source, t.b.scalar(0.0f), pool,
                                       ComparisonDirection::GE, OpKind::add);
    Value* back = conv3x3(t.b, t.b.multiply(grad, y), w2);
    t.check({z, back}, 1e-4);
    // The gradient is written channels-last, like the ReLU it scatters into.
    size_t at = t.plan.find("= select_and_scatter");
    ASSERT_NE(at, std::string::npos) << t.plan;
    EXPECT_NE(t.plan.rfind("{0,2,3,1}", at), std::string::npos) << t.plan;
    EXPECT_GT(t.plan.rfind("{0,2,3,1}", at), t.plan.rfind('\n', at)) << t.plan;
    EXPECT_FALSE(t.planHas("generic")) << t.plan;
  }
}

size_t countOf(const std::string& text, const std::string& part) {
  size_t count = 0;
  for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++count;
  return count;
}

// conv -> ReLU (ties: its zeros; `nan`: a NaN among the conv's inputs) on a 2 x channels x side x
// side map, a max pool with `pool`'s windows, and the pool's gradient from a channels-last source
// (a convolution's; GE, init 0) and from a row-major one (an argument's; GT, init 1).
struct PoolGradients {
  Value *y, *relu, *pooled, *ge, *gt;
};
PoolGradients poolGradients(FastCase& t, int64_t channels, int64_t side, const Attributes& pool,
                            bool nan) {
  PoolGradients g;
  Value* x = t.arg(f32({2, 3, side, side}));
  if (nan) t.inputs.back().set<float>(40, NAN);
  g.y = conv3x3(t.b, x, t.arg(f32({channels, 3, 3, 3})));
  g.relu = t.b.maximum(g.y, t.b.broadcastInDim(t.b.scalar(0.0f), g.y->type.shape, {}));
  g.pooled = t.b.reduceWindow(g.relu, t.b.scalar(-INFINITY), pool, OpKind::maximum);
  Value* convSource = conv3x3(t.b, g.pooled, t.arg(f32({channels, channels, 3, 3})));
  Value* argSource = t.arg(g.pooled->type);
  g.ge = t.b.selectAndScatter(g.relu, convSource, t.b.scalar(0.0f), pool, ComparisonDirection::GE,
                              OpKind::add);
  g.gt = t.b.selectAndScatter(g.relu, argSource, t.b.scalar(1.0f), pool, ComparisonDirection::GT,
                              OpKind::add);
  return g;
}

Attributes poolWindows(int64_t kh, int64_t kw, int64_t sh, int64_t sw, int64_t pad) {
  Attributes pool;
  pool.windowDimensions = {1, 1, kh, kw};
  pool.windowStrides = {1, 1, sh, sw};
  pool.padding = {{0, 0}, {0, 0}, {pad, pad}, {pad, pad}};
  return pool;
}

TEST(FastFusionWindows, TilingChannelsLastPoolsMatchTheReference) {
  // Windows that tile the image, 20 and 32 channels (a partial vector, whole vectors).
  struct Window {
    int64_t kh, kw;
  };
  for (Window window : {Window{2, 2}, Window{3, 3}, Window{1, 2}})
    for (int64_t channels : {20, 32}) {
      SCOPED_TRACE(std::to_string(window.kh) + "x" + std::to_string(window.kw) + " window, " +
                   std::to_string(channels) + " channels");
      FastCase t(static_cast<unsigned>(channels + window.kh));
      const PoolGradients g =
          poolGradients(t, channels, 6, poolWindows(window.kh, window.kw, window.kh, window.kw, 0),
                        window.kh == 3);
      Value* w3 = t.arg(f32({4, channels, 3, 3}));
      // Picking another element of a window moves a whole source value: far beyond 1e-4.
      t.check({g.pooled, conv3x3(t.b, t.b.multiply(g.ge, g.y), w3), conv3x3(t.b, g.gt, w3)}, 1e-4);
      EXPECT_EQ(countOf(t.plan, "= select_and_scatter"), 2) << t.plan;
      EXPECT_EQ(countOf(t.plan, "tiled"), 2) << t.plan;
    }
}

TEST(FastFusionWindows, OverlappingChannelsLastPoolGradientsMatchTheReference) {
  // Windows that overlap (ResNet's 3x3 stride 2), leave gaps (1x1 stride 2: elements in no
  // window) or lie partly in the padding.
  struct Window {
    int64_t kh, kw, sh, sw, pad;
  };
  for (Window window : {Window{3, 3, 2, 2, 1}, Window{3, 3, 2, 2, 0}, Window{2, 2, 1, 1, 0},
                        Window{3, 2, 1, 2, 1}, Window{1, 1, 2, 2, 0}, Window{2, 2, 1, 1, 1}})
    for (int64_t channels : {20, 32}) {
      SCOPED_TRACE(std::to_string(window.kh) + "x" + std::to_string(window.kw) + " stride " +
                   std::to_string(window.sh) + "x" + std::to_string(window.sw) + " pad " +
                   std::to_string(window.pad) + ", " + std::to_string(channels) + " channels");
      const Attributes pool = poolWindows(window.kh, window.kw, window.sh, window.sw, window.pad);
      FastCase t(static_cast<unsigned>(channels + 7 * window.kh + window.sw));
      const PoolGradients g = poolGradients(t, channels, 7, pool, true);
      Value* w3 = t.arg(f32({4, channels, 3, 3}));
      t.check({conv3x3(t.b, t.b.multiply(g.ge, g.y), w3), conv3x3(t.b, g.gt, w3)}, 1e-4);
      EXPECT_EQ(countOf(t.plan, "= select_and_scatter"), 2) << t.plan;
      EXPECT_EQ(countOf(t.plan, "tiled"), 0) << t.plan;
      EXPECT_FALSE(t.planHas("generic")) << t.plan;

      // Bit for bit: a result element's sources are added in the reference's order.
      FastCase exact(static_cast<unsigned>(channels + window.kh));
      Value* relu = exact.b.maximum(
          conv3x3(exact.b, exact.arg(f32({2, 3, 7, 7})), exact.arg(f32({channels, 3, 3, 3}))),
          exact.b.broadcastInDim(exact.b.scalar(0.0f), g.y->type.shape, {}));
      Value* sum = exact.b.selectAndScatter(relu, exact.arg(g.pooled->type), exact.b.scalar(1.0f),
                                            pool, ComparisonDirection::GE, OpKind::add);
      exact.check({exact.b.multiply(sum, exact.arg(g.y->type))}, 0.0);
      EXPECT_NE(exact.plan.rfind("{0,2,3,1}", exact.plan.find("= select_and_scatter")),
                std::string::npos)
          << exact.plan;
    }
}

} // namespace
} // namespace hlotrain::cpu::fasttest
