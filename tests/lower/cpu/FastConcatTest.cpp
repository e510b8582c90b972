// Concatenates and pads on the fast path against the reference interpreter: one kernel of pieces
// that store each operand (its elementwise producers computed in registers) straight into its
// block of the result, nested concatenates and merging reshapes flattened into it, pads with
// every kind of padding, other element types as strided copies, and the UNet decoder's edge pad,
// bilinear upsample and its gradient.

#include "FastTestUtil.h"

namespace hlotrain::cpu::fasttest {
namespace {

using FastConcat = FastFixture;

int occurrences(const std::string& text, const std::string& part) {
  int count = 0;
  for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++count;
  return count;
}

// The plan dump's line for the kernel described by `description` (empty when none is).
std::string lineOf(const std::string& plan, const std::string& description) {
  size_t at = plan.find(description);
  if (at == std::string::npos) return "";
  size_t begin = plan.rfind('\n', at) + 1;
  return plan.substr(begin, plan.find('\n', at) - begin);
}

// The slot a plan line writes ("  #3 %17:tensor<...> = ..." -> "%17").
std::string writtenSlot(const std::string& line) {
  size_t at = line.find('%');
  return line.substr(at, line.find(':', at) - at);
}

TEST_F(FastConcat, TwoAndThreeOperandsAlongEveryDim) {
  for (int64_t dim = 0; dim < 4; ++dim) {
    SCOPED_TRACE("dimension " + std::to_string(dim));
    for (int operands : {2, 3}) {
      FastCase t(static_cast<unsigned>(dim * 10 + operands));
      std::vector<Value*> parts;
      for (int k = 0; k < operands; ++k) {
        Shape shape{2, 3, 4, 5};
        shape[static_cast<size_t>(dim)] = k + 1;
        parts.push_back(t.arg(f32(shape)));
      }
      t.check({t.b.concatenate(parts, dim)}, 0.0);
      EXPECT_TRUE(t.planHas(std::to_string(operands) + " pieces")) << t.plan;
      EXPECT_FALSE(t.planHas("generic")) << t.plan;
    }
  }
}

TEST_F(FastConcat, SingleUseElementwiseOperandsAreComputedInTheirPiece) {
  Value* x = arg(f32({2, 3, 4, 5}));
  Value* y = arg(f32({2, 3, 4, 5}));
  Value* z = arg(f32({2, 2, 4, 5}));
  Value* e = b.multiply(b.unary(OpKind::tanh, x), b.splat(x->type, 0.5));
  Value* t = b.transpose(z, {0, 1, 3, 2});
  check({b.concatenate({e, y, b.reverse(b.transpose(t, {0, 1, 3, 2}), {3})}, 1)}, 1e-6);
  // tanh(x) * 0.5 and the transposed, reversed z are computed by their pieces: one kernel.
  EXPECT_TRUE(planHas("3 pieces: [2x60] (load,tanh,imm,multiply); [2x60] (load); [2x8x5] (load)"))
      << plan;
  EXPECT_EQ(occurrences(plan, " = "), 1) << plan;
}

TEST_F(FastConcat, OperandReadElsewhereIsStoredOnce) {
  Value* x = arg(f32({3, 4, 5}));
  Value* y = arg(f32({3, 4, 5}));
  Value* e = b.multiply(x, y);
  // e is also a result: its own loop stores it, and the concatenate's piece reads it.
  check({b.concatenate({e, x}, 2), e}, 0.0);
  EXPECT_TRUE(planHas("= fused loop [60] (load,load,multiply)")) << plan;
  EXPECT_TRUE(planHas("2 pieces: [12x5] (load); [12x5] (load)")) << plan;
}

TEST_F(FastConcat, OperandOfTwoConcatenatesIsRecomputedInBoth) {
  Value* x = arg(f32({3, 4, 5}));
  Value* e = b.unary(OpKind::exponential, x);
  check({b.concatenate({e, x}, 0), b.concatenate({x, e}, 1)}, 1e-6);
  // exp(x) reads one tensor: cheaper computed twice than stored and read twice.
  EXPECT_EQ(occurrences(plan, "exponential"), 2) << plan;
  EXPECT_FALSE(planHas("fused loop")) << plan;
}

TEST_F(FastConcat, NestedConcatenatesFlattenIntoOneKernel) {
  Value* a = arg(f32({2, 3, 4, 2}));
  Value* c = arg(f32({2, 3, 4, 3}));
  Value* d = arg(f32({2, 3, 1, 5}));
  Value* e = arg(f32({2, 1, 5, 5}));
  Value* rows = b.concatenate({a, c}, 3);
  Value* inner = b.concatenate({rows, b.add(d, d)}, 2);
  check({b.concatenate({inner, e}, 1)}, 1e-6);
  EXPECT_TRUE(planHas("fused concat [2x4x5x5] 4 pieces")) << plan;
  EXPECT_EQ(occurrences(plan, " = "), 1) << plan;
}

TEST_F(FastConcat, ConcatenateReturnedOrReadTwiceIsNotFlattened) {
  Value* a = arg(f32({2, 3}));
  Value* c = arg(f32({2, 4}));
  Value* inner = b.concatenate({a, c}, 1);
  check({b.concatenate({inner, inner}, 0), inner}, 0.0);
  EXPECT_EQ(occurrences(plan, "fused concat"), 2) << plan;
}

TEST_F(FastConcat, MergingReshapeOfAConcatenateFlattens) {
  // Interleaving as the upsample writes it: [N,C,H,1,W,1] pieces of [N,C,H,2,W,2], merged into
  // [N,C,2H,2W].
  Shape piece{2, 3, 4, 1, 5, 1};
  std::vector<Value*> p;
  for (int k = 0; k < 4; ++k) p.push_back(b.unary(OpKind::negate, arg(f32(piece))));
  Value* r = b.concatenate({b.concatenate({p[0], p[1]}, 5), b.concatenate({p[2], p[3]}, 5)}, 3);
  Value* up = b.reshape(r, {2, 3, 8, 10});
  check({b.concatenate({up, arg(f32({2, 1, 8, 10}))}, 1)}, 0.0);
  EXPECT_TRUE(planHas("fused concat [2x4x8x10] 5 pieces")) << plan;
  EXPECT_EQ(occurrences(plan, " = "), 1) << plan;
}

TEST_F(FastConcat, UnitDimReshapeOfAConcatenateFlattens) {
  Value* a = arg(f32({2, 1, 3, 4}));
  Value* c = arg(f32({2, 1, 3, 4}));
  // [2,1,3,8] -> [2,3,1,8,1] only moves unit dims.
  Value* moved = b.reshape(b.concatenate({a, c}, 3), {2, 3, 1, 8, 1});
  check({b.concatenate({moved, arg(f32({2, 3, 1, 8, 1}))}, 0)}, 0.0);
  EXPECT_TRUE(planHas("fused concat [4x3x1x8x1] 3 pieces")) << plan;
  EXPECT_EQ(occurrences(plan, " = "), 1) << plan;
}

TEST_F(FastConcat, SplittingReshapeIsMaterialized) {
  Value* a = arg(f32({2, 6}));
  Value* c = arg(f32({2, 6}));
  // [2,12] -> [2,3,4] splits a dim: the inner concatenate is stored and reshaped.
  Value* split = b.reshape(b.concatenate({a, c}, 1), {2, 3, 4});
  check({b.concatenate({split, arg(f32({2, 3, 1}))}, 2)}, 0.0);
  EXPECT_EQ(occurrences(plan, "fused concat"), 2) << plan;
  EXPECT_FALSE(planHas("generic")) << plan;
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

// The result of the concatenate or pad `kernel`, read by a convolution, is stored channels-last
// like the activations it reads, and the convolution reads it without a reorder. (The callers
// keep f32 forward convolutions channels-last, as backward and bf16 ones are: by default a 3x3
// forward reorders its source into oneDNN's blocked layout, which rounds less.)
void expectReadChannelsLast(const std::string& plan, const std::string& kernel) {
  const std::string line = lineOf(plan, kernel);
  ASSERT_FALSE(line.empty()) << plan;
  EXPECT_NE(line.find("{0,2,3,1}"), std::string::npos) << plan;
  EXPECT_EQ(plan.find("reorder(" + writtenSlot(line) + ")"), std::string::npos) << plan;
}

TEST_F(FastConcat, ChannelConcatenateOfChannelsLastActivationsFeedsAConvolution) {
  options.blockedForward = false;
  Value* x = arg(f32({2, 4, 6, 6}));
  Value* a = conv3x3(b, x, arg(f32({16, 4, 3, 3})));
  Value* c = conv3x3(b, x, arg(f32({16, 4, 3, 3})));
  Value* relu = b.maximum(c, b.splat(c->type, 0.0));
  Value* cat = b.concatenate({a, relu}, 1);
  // The last convolution's result is read by a loop too, so it is channels-last as well.
  Value* y = conv3x3(b, cat, arg(f32({16, 32, 3, 3})));
  check({b.maximum(y, b.splat(y->type, 0.0))}, 1e-4);
  expectReadChannelsLast(plan, "= fused concat [2x32x6x6] 2 pieces");
  EXPECT_FALSE(planHas("generic")) << plan;
}

TEST_F(FastConcat, PadOfAChannelsLastActivationFeedsAConvolution) {
  options.blockedForward = false;
  Value* a = conv3x3(b, arg(f32({2, 4, 6, 6})), arg(f32({16, 4, 3, 3})));
  Value* padded = b.pad(b.maximum(a, b.splat(a->type, 0.0)), b.scalar(0.0f), {0, 0, 1, 2},
                        {0, 0, 2, 1}, {0, 0, 0, 0});
  Value* y = conv3x3(b, padded, arg(f32({16, 16, 3, 3})));
  check({b.maximum(y, b.splat(y->type, 0.0))}, 1e-4);
  expectReadChannelsLast(plan, "= fused pad [2x16x9x9]");
  EXPECT_FALSE(planHas("generic")) << plan;
}

TEST_F(FastConcat, PadsOfEveryKind) {
  struct Padding {
    std::vector<int64_t> low, high, interior;
  };
  const std::vector<Padding> paddings{
      {{0, 1, 2}, {2, 0, 1}, {0, 0, 0}},    // edges
      {{-1, 0, -2}, {0, -2, 1}, {0, 0, 0}}, // crops
      {{0, 1, 0}, {1, 0, 0}, {1, 2, 1}},    // interior, as a strided slice's gradient
      {{-3, 1, -1}, {-2, -1, 2}, {2, 1, 1}} // crops through interior padding
  };
  for (size_t k = 0; k < paddings.size(); ++k) {
    SCOPED_TRACE("padding " + std::to_string(k));
    FastCase t(static_cast<unsigned>(k));
    const Padding& p = paddings[k];
    Value* x = t.arg(f32({4, 3, 5}));
    Value* v = t.arg(f32({}));
    Value* constant =
        t.b.pad(t.b.unary(OpKind::tanh, x), t.b.scalar(0.5f), p.low, p.high, p.interior);
    Value* computed = t.b.pad(x, t.b.multiply(v, v), p.low, p.high, p.interior);
    t.check({constant, computed}, 1e-6);
    EXPECT_EQ(occurrences(t.plan, "fused pad"), 2) << t.plan;
    EXPECT_FALSE(t.planHas("generic")) << t.plan;
  }
}

TEST_F(FastConcat, PadCroppedAway) {
  Value* x = arg(f32({3, 4}));
  // Every operand element falls outside: the result is all padding.
  check({b.pad(x, b.scalar(2.0f), {-4, 1}, {2, 0}, {0, 0})}, 0.0);
  EXPECT_TRUE(planHas("fused pad [1x5] 1 piece: [5] (imm)")) << plan;
}

TEST_F(FastConcat, OtherElementTypesAreStridedCopies) {
  TensorType i32{ElementType::i32, {2, 3, 4}};
  Value* a = arg(i32);
  Value* c = arg(TensorType{ElementType::i32, {2, 4, 3}});
  Value* mask = arg(TensorType{ElementType::i1, {2, 3, 4}});
  Value* cat = b.concatenate({a, b.transpose(c, {0, 2, 1})}, 1);
  check({cat, b.concatenate({mask, mask}, 2),
         b.pad(a, b.scalar(int32_t{7}), {1, 0, -1}, {0, 2, 1}, {0, 1, 0})},
        0.0);
  EXPECT_TRUE(planHas("strided concat [2x6x4] 2 copies")) << plan;
  EXPECT_TRUE(planHas("strided concat [2x3x8] 2 copies")) << plan;
  EXPECT_TRUE(planHas("strided pad [3x7x4]")) << plan;
  EXPECT_FALSE(planHas("generic")) << plan;
}

TEST_F(FastConcat, LargePiecesAcrossThreads) {
  // Pieces of more than a chunk (2048) and more than the parallel threshold (2^18) in all.
  Value* x = arg(f32({2, 64, 41, 40}));
  Value* y = arg(f32({2, 64, 41, 40}));
  Value* cat =
      b.concatenate({b.unary(OpKind::tanh, x), y, b.slice(x, {0, 0, 0, 0}, {2, 3, 41, 40})}, 1);
  Value* padded = b.pad(y, b.scalar(0.0f), {0, 0, 1, -1}, {0, 1, 0, 2}, {0, 0, 1, 1});
  check({cat, padded}, 1e-6);
  EXPECT_TRUE(planHas("fused concat [2x131x41x40] 3 pieces")) << plan;
  EXPECT_TRUE(planHas("fused pad [2x65x82x80]")) << plan;
}

// The UNet decoder's ops as nn/ emits them, on x [N,C,H,W].
struct Unet {
  Builder& b;
  bool wholeSlice = false; // the centre piece as slice(x) over all of x (as nn/Emit.cpp has it)

  // x extended by one clamped pixel on each side of H and W: [N,C,H+2,W+2].
  Value* edgePad(Value* x) const {
    const Shape& s = x->type.shape;
    const int64_t n = s[0], c = s[1], h = s[2], w = s[3];
    auto part = [&](int64_t h0, int64_t h1, int64_t w0, int64_t w1) {
      return b.slice(x, {0, 0, h0, w0}, {n, c, h1, w1});
    };
    auto row = [&](int64_t h0, int64_t h1, Value* middle) {
      return b.concatenate({part(h0, h1, 0, 1), middle, part(h0, h1, w - 1, w)}, 3);
    };
    return b.concatenate({row(0, 1, part(0, 1, 0, w)), row(0, h, wholeSlice ? part(0, h, 0, w) : x),
                          row(h - 1, h, part(h - 1, h, 0, w))},
                         2);
  }

  // Half-pixel bilinear x2: [N,C,2H,2W].
  Value* upsample(Value* x) const {
    const Shape& s = x->type.shape;
    const int64_t n = s[0], c = s[1], h = s[2], w = s[3];
    Value* xp = edgePad(x);
    const double weight[2][3] = {{0.25, 0.75, 0}, {0, 0.75, 0.25}};
    Value* parts[2][2];
    for (int64_t p = 0; p < 2; ++p)
      for (int64_t q = 0; q < 2; ++q) {
        Value* u = nullptr;
        for (int64_t r = p; r <= p + 1; ++r)
          for (int64_t t = q; t <= q + 1; ++t) {
            Value* k = b.splat(x->type, weight[p][r] * weight[q][t]);
            Value* term = b.multiply(k, b.slice(xp, {0, 0, r, t}, {n, c, r + h, t + w}));
            u = u ? b.add(u, term) : term;
          }
        parts[p][q] = b.broadcastInDim(u, {n, c, h, 1, w, 1}, {0, 1, 2, 4});
      }
    Value* r = b.concatenate({b.concatenate({parts[0][0], parts[0][1]}, 5),
                              b.concatenate({parts[1][0], parts[1][1]}, 5)},
                             3);
    return b.reshape(r, {n, c, 2 * h, 2 * w});
  }

  // The upsample's custom VJP: the gradient of x from dcat, whose first c channels are the
  // upsample's.
  Value* upsampleGradient(Value* dcat, int64_t c) const {
    const Shape& s = dcat->type.shape;
    const int64_t n = s[0], h = s[2] / 2, w = s[3] / 2;
    Value* gp = edgePad(b.slice(dcat, {0, 0, 0, 0}, {n, c, 2 * h, 2 * w}));
    const double a[4] = {0.25, 0.75, 0.75, 0.25};
    Value* dx = nullptr;
    for (int64_t t = 0; t < 4; ++t)
      for (int64_t u = 0; u < 4; ++u) {
        Value* tap = b.slice(gp, {0, 0, t, u}, {n, c, t + 2 * h - 1, u + 2 * w - 1}, {1, 1, 2, 2});
        Value* term = b.multiply(b.splat(tap->type, a[t] * a[u]), tap);
        dx = dx ? b.add(dx, term) : term;
      }
    return dx;
  }
};

TEST_F(FastConcat, UnetEdgePadIsOneKernelOfNinePieces) {
  for (bool wholeSlice : {false, true}) {
    FastCase t;
    Unet unet{t.b, wholeSlice};
    Value* x = t.arg(f32({2, 3, 5, 6}));
    t.check({unet.edgePad(x)}, 0.0);
    EXPECT_TRUE(t.planHas("fused concat [2x3x7x8] 9 pieces")) << t.plan;
    EXPECT_EQ(occurrences(t.plan, " = "), 1) << t.plan;
  }
}

TEST_F(FastConcat, UnetUpsampleIsComputedInItsPieces) {
  Unet unet{b};
  Value* x = arg(f32({2, 3, 5, 6}));
  Value* skip = arg(f32({2, 4, 10, 12}));
  Attributes pool;
  pool.windowDimensions = {1, 1, 2, 2};
  pool.windowStrides = {1, 1, 2, 2};
  pool.padding = {{0, 0}, {0, 0}, {0, 0}, {0, 0}};
  Value* up = unet.upsample(x);
  Value* cat = b.concatenate({up, skip}, 1);
  check({cat, b.reduceWindow(skip, b.scalar(-INFINITY), pool, OpKind::maximum)}, 1e-6);
  // Two kernels besides the pool: the edge pad, and cat with four upsample pieces (four taps
  // each, in registers) and the skip piece (a copy).
  EXPECT_TRUE(planHas("fused concat [2x3x7x8] 9 pieces")) << plan;
  const std::string line = lineOf(plan, "fused concat [2x7x10x12] 5 pieces");
  EXPECT_EQ(occurrences(line, "(imm,load,multiply,imm,load,multiply,add,"), 4) << plan;
  EXPECT_EQ(occurrences(plan, " = "), 3) << plan;
  EXPECT_FALSE(planHas("generic")) << plan;
  // Returned as it is, the upsample alone.
  FastCase alone(7);
  Unet other{alone.b};
  alone.check({other.upsample(alone.arg(f32({2, 3, 5, 6})))}, 1e-6);
  EXPECT_TRUE(alone.planHas("fused concat [2x3x10x12] 4 pieces")) << alone.plan;
}

TEST_F(FastConcat, UnetDecoderStepStaysChannelsLast) {
  options.blockedForward = false;
  // x and skip are convolution outputs; cat is read by a 3x3 convolution.
  Unet unet{b};
  Value* in = arg(f32({2, 4, 5, 6}));
  Value* x = conv3x3(b, in, arg(f32({8, 4, 3, 3})));
  Value* skip = conv3x3(b, arg(f32({2, 4, 10, 12})), arg(f32({8, 4, 3, 3})));
  Value* relu = b.maximum(skip, b.splat(skip->type, 0.0));
  Attributes pool;
  pool.windowDimensions = {1, 1, 2, 2};
  pool.windowStrides = {1, 1, 2, 2};
  pool.padding = {{0, 0}, {0, 0}, {0, 0}, {0, 0}};
  Value* pooled = b.reduceWindow(relu, b.scalar(-INFINITY), pool, OpKind::maximum);
  Value* cat = b.concatenate({unet.upsample(x), relu}, 1);
  Value* y = conv3x3(b, cat, arg(f32({8, 16, 3, 3})));
  check({b.maximum(y, b.splat(y->type, 0.0)), pooled}, 1e-4);
  expectReadChannelsLast(plan, "= fused concat [2x16x10x12] 5 pieces");
  EXPECT_NE(lineOf(plan, "fused concat [2x8x7x8] 9 pieces").find("{0,2,3,1}"), std::string::npos)
      << plan;
  EXPECT_FALSE(planHas("generic")) << plan;
}

TEST_F(FastConcat, UnetUpsampleGradient) {
  // dcat is a channels-last convolution output; g, its first channels, is never stored: the
  // edge pad reads it from dcat, and dx is one loop over the padded gradient.
  Unet unet{b};
  Value* dcat = conv3x3(b, arg(f32({2, 4, 10, 12})), arg(f32({7, 4, 3, 3})));
  Value* dx = unet.upsampleGradient(dcat, 3);
  ASSERT_EQ(dx->type.shape, (Shape{2, 3, 5, 6}));
  check({dx, b.reduce(dcat, b.scalar(0.0f), {0, 2, 3}, OpKind::add)}, 1e-5);
  const std::string gp = lineOf(plan, "fused concat [2x3x12x14] 9 pieces");
  EXPECT_NE(gp.find("{0,2,3,1}"), std::string::npos) << plan;
  EXPECT_TRUE(planHas("= fused loop [2x3x5x6]")) << plan; // dx is returned: row-major
  EXPECT_EQ(occurrences(plan, " = "), 4) << plan;         // conv, reduce, edge pad, dx
  EXPECT_FALSE(planHas("generic")) << plan;
}

} // namespace
} // namespace hlotrain::cpu::fasttest
