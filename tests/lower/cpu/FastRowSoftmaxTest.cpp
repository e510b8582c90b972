// The row softmax and softmax-gradient kernels (RowSoftmax.h) against the reference interpreter:
// what they absorb (attention's scale and mask on either side), what they leave (a value read
// elsewhere), rows of any width, and rows whose softmax is NaN.

#include "FastTestUtil.h"

#include <limits>

#include "lower/cpu/RowSoftmax.h"

namespace hlotrain::cpu::fasttest {
namespace {

class FastRowSoftmax : public FastFixture {
protected:
  void SetUp() override {
    if (!plan::plansRowSoftmaxes()) GTEST_SKIP() << "this build plans no row softmax";
  }

  // The last dim's row values broadcast back over the rows.
  Value* alongRows(Value* rowValues, const Shape& shape) {
    std::vector<int64_t> leading(shape.size() - 1);
    for (size_t d = 0; d < leading.size(); ++d) leading[d] = static_cast<int64_t>(d);
    return b.broadcastInDim(rowValues, shape, leading);
  }

  Value* rowReduce(Value* x, double init, OpKind combiner) {
    return b.reduce(x, b.splat(f32({}), init), {x->type.rank() - 1}, combiner);
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

  // nn::softmaxBackward's form.
  Value* softmaxGradient(Value* y, Value* dy) {
    Value* ydy = b.multiply(y, dy);
    Value* sum = rowReduce(ydy, 0.0, OpKind::add);
    Value* ySum = b.multiply(y, alongRows(sum, y->type.shape));
    return b.subtract(ydy, ySum);
  }
};

TEST_F(FastRowSoftmax, ASoftmaxIsOneKernelOverRowsOfAnyWidth) {
  // 37 columns: two whole vectors of 16 and a partial one.
  Value* x = arg(f32({3, 5, 37}));
  check({softmax(x)}, 1e-6);
  EXPECT_TRUE(planHas("row softmax [15x37] (")) << plan;
  EXPECT_FALSE(planHas("fused")) << plan;
}

TEST_F(FastRowSoftmax, AttentionsScaleAndCausalMaskRunInBothKernels) {
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

TEST_F(FastRowSoftmax, ARowWithANaNOrNothingVisibleIsNaN) {
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

TEST_F(FastRowSoftmax, AValueSomethingElseReadsStaysOutOfTheKernel) {
  Value* s = arg(f32({6, 16}));
  Value* scaled = b.multiply(s, b.splat(f32({6, 16}), 0.5));
  // The scaled scores are returned too: the kernel reads them instead of scaling.
  check({softmax(scaled), scaled}, 1e-6);
  EXPECT_TRUE(planHas("row softmax [6x16] (")) << plan;
}

TEST_F(FastRowSoftmax, AnExponentialSomethingElseReadsLeavesTheSoftmaxToTheFusionPass) {
  Value* x = arg(f32({6, 16}));
  Value* max = rowReduce(x, -std::numeric_limits<double>::infinity(), OpKind::maximum);
  Value* e = b.unary(OpKind::exponential, b.subtract(x, alongRows(max, {6, 16})));
  Value* y = b.divide(e, alongRows(rowReduce(e, 0.0, OpKind::add), {6, 16}));
  check({y, e}, 1e-6);
  EXPECT_FALSE(planHas("row softmax")) << plan;
}

TEST_F(FastRowSoftmax, TurnedOffTheFusionPassPlansIt) {
  options.rowSoftmax = false;
  Value* x = arg(f32({3, 40}));
  check({softmax(x), softmaxGradient(softmax(x), arg(f32({3, 40})))}, 1e-6);
  EXPECT_FALSE(planHas("row softmax")) << plan;
}

} // namespace
} // namespace hlotrain::cpu::fasttest
