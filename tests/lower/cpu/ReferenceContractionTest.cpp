// dot_general, convolution, reduce, reduce_window and select_and_scatter of the reference
// interpreter against hand-computed values (several taken from the spec's examples).

#include <limits>

#include "ReferenceTestUtil.h"

namespace hlotrain::cpu::reftest {
namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();

DotDimensionNumbers dotDims(std::vector<int64_t> lb, std::vector<int64_t> rb,
                            std::vector<int64_t> lc, std::vector<int64_t> rc) {
  return {std::move(lb), std::move(rb), std::move(lc), std::move(rc)};
}

TEST_F(ReferenceTest, DotGeneralMatmulAndTransposedContraction) {
  Value* l = input(tensor<float>({2, 3}, {1, 2, 3, 4, 5, 6}));
  Value* r = input(tensor<float>({3, 2}, {7, 8, 9, 10, 11, 12}));
  Value* identity = input(tensor<float>({2, 2}, {1, 0, 0, 1}));
  auto out = run({b.dotGeneral(l, r, dotDims({}, {}, {1}, {0})),
                  b.dotGeneral(l, identity, dotDims({}, {}, {0}, {0}))});
  EXPECT_TRUE(sameTensor(out[0], tensor<float>({2, 2}, {58, 64, 139, 154})));
  // Contracting lhs dimension 0 leaves lhs dimension 1 first: the transpose of l.
  EXPECT_TRUE(sameTensor(out[1], tensor<float>({3, 2}, {1, 4, 2, 5, 3, 6})));
}

TEST_F(ReferenceTest, DotGeneralWithBatchingDimensions) {
  Value* l = input(tensor<double>({2, 1, 2}, {1, 2, 3, 4}));
  Value* r = input(tensor<double>({2, 2, 1}, {5, 6, 7, 8}));
  EXPECT_TRUE(sameTensor(run(b.dotGeneral(l, r, dotDims({0}, {0}, {2}, {1}))),
                         tensor<double>({2, 1, 1}, {17, 53})));
}

TEST_F(ReferenceTest, DotGeneralAccumulatesInTheResultType) {
  Value* l = input(tensor<int8_t>({1, 2}, {100, 100}));
  Value* r = input(tensor<int8_t>({2, 1}, {100, 100}));
  EXPECT_TRUE(sameTensor(run(b.dotGeneral(l, r, dotDims({}, {}, {1}, {0}), ElementType::i32)),
                         tensor<int32_t>({1, 1}, {20000})));
}

TEST_F(ReferenceTest, DotGeneralOnIntegersWrapsAndOnBooleansIsAndOr) {
  const int32_t max = std::numeric_limits<int32_t>::max();
  Value* l = input(tensor<int32_t>({1, 2}, {max, 1}));
  Value* r = input(tensor<int32_t>({2, 1}, {2, 2}));
  Value* p = input(tensor<bool>({2, 2}, {true, false, true, true}));
  Value* q = input(tensor<bool>({2, 1}, {false, true}));
  auto out = run({b.dotGeneral(l, r, dotDims({}, {}, {1}, {0})),
                  b.dotGeneral(p, q, dotDims({}, {}, {1}, {0}))});
  EXPECT_TRUE(sameTensor(out[0], tensor<int32_t>({1, 1}, {0}))); // 2 * max + 2 wraps to 0
  EXPECT_TRUE(sameTensor(out[1], tensor<bool>({2, 1}, {false, true})));
}

// NCW / OIW / NCW, the layout of the 1-D cases below.
Attributes conv1d() {
  Attributes a;
  a.conv.inputBatchDimension = 0;
  a.conv.inputFeatureDimension = 1;
  a.conv.inputSpatialDimensions = {2};
  a.conv.kernelOutputFeatureDimension = 0;
  a.conv.kernelInputFeatureDimension = 1;
  a.conv.kernelSpatialDimensions = {2};
  a.conv.outputBatchDimension = 0;
  a.conv.outputFeatureDimension = 1;
  a.conv.outputSpatialDimensions = {2};
  return a;
}

class RefConvolutionTest : public ReferenceTest {
protected:
  // x = [1 2 3 4 5] convolved with the kernel [1 10].
  Tensor conv1(Attributes attrs) {
    Value* x = input(tensor<float>({1, 1, 5}, {1, 2, 3, 4, 5}));
    Value* k = input(tensor<float>({1, 1, 2}, {1, 10}));
    return run(b.convolution(x, k, std::move(attrs)));
  }
};

TEST_F(RefConvolutionTest, Plain) {
  EXPECT_TRUE(sameTensor(conv1(conv1d()), tensor<float>({1, 1, 4}, {21, 32, 43, 54})));
}

TEST_F(RefConvolutionTest, Padding) {
  Attributes a = conv1d();
  a.padding = {{1, 2}};
  // [0 1 2 3 4 5 0 0]
  EXPECT_TRUE(sameTensor(conv1(a), tensor<float>({1, 1, 7}, {10, 21, 32, 43, 54, 5, 0})));
}

TEST_F(RefConvolutionTest, NegativePadding) {
  Attributes a = conv1d();
  a.padding = {{-1, 0}};
  EXPECT_TRUE(sameTensor(conv1(a), tensor<float>({1, 1, 3}, {32, 43, 54})));
}

TEST_F(RefConvolutionTest, RhsDilation) {
  Attributes a = conv1d();
  a.rhsDilation = {2};
  EXPECT_TRUE(sameTensor(conv1(a), tensor<float>({1, 1, 3}, {31, 42, 53})));
}

TEST_F(RefConvolutionTest, LhsDilation) {
  Attributes a = conv1d();
  a.lhsDilation = {2};
  // [1 0 2 0 3 0 4 0 5]
  EXPECT_TRUE(sameTensor(conv1(a), tensor<float>({1, 1, 8}, {1, 20, 2, 30, 3, 40, 4, 50})));
}

TEST_F(RefConvolutionTest, WindowStrides) {
  Attributes a = conv1d();
  a.windowStrides = {2};
  EXPECT_TRUE(sameTensor(conv1(a), tensor<float>({1, 1, 2}, {21, 43})));
}

TEST_F(RefConvolutionTest, WindowReversal) {
  Attributes a = conv1d();
  a.windowReversal = {true};
  EXPECT_TRUE(sameTensor(conv1(a), tensor<float>({1, 1, 4}, {12, 23, 34, 45})));
}

TEST_F(RefConvolutionTest, FeatureGroupCount) {
  // Two groups: output feature 0 sees input feature 0, output feature 1 sees input feature 1.
  Value* x = input(tensor<int32_t>({1, 2, 3}, {1, 2, 3, 10, 20, 30}));
  Value* k = input(tensor<int32_t>({2, 1, 1}, {2, 3}));
  Attributes a = conv1d();
  a.featureGroupCount = 2;
  EXPECT_TRUE(
      sameTensor(run(b.convolution(x, k, a)), tensor<int32_t>({1, 2, 3}, {2, 4, 6, 30, 60, 90})));
}

TEST_F(RefConvolutionTest, BatchGroupCount) {
  // Two groups: output feature 0 sees batch 0, output feature 1 sees batch 1.
  Value* x = input(tensor<int64_t>({2, 1, 3}, {1, 2, 3, 4, 5, 6}));
  Value* k = input(tensor<int64_t>({2, 1, 1}, {2, 3}));
  Attributes a = conv1d();
  a.batchGroupCount = 2;
  EXPECT_TRUE(
      sameTensor(run(b.convolution(x, k, a)), tensor<int64_t>({1, 2, 3}, {2, 4, 6, 12, 15, 18})));
}

TEST_F(RefConvolutionTest, BatchGroupCountSplitsTheBatch) {
  // Batch 4 in 2 groups of 2: result batch n of output feature group g reads lhs batch 2g + n.
  Value* x = input(tensor<int32_t>({4, 1, 1}, {1, 2, 3, 4}));
  Value* k = input(tensor<int32_t>({2, 1, 1}, {10, 100}));
  Attributes a = conv1d();
  a.batchGroupCount = 2;
  // result[n, o] = lhs[o * 2 + n] * k[o]: o=0 -> 10, 20; o=1 -> 300, 400.
  EXPECT_TRUE(
      sameTensor(run(b.convolution(x, k, a)), tensor<int32_t>({2, 2, 1}, {10, 300, 20, 400})));
}

TEST_F(RefConvolutionTest, SpecExampleWithLhsDilationAndStrides) {
  Value* lhs = input(
      tensor<int64_t>({1, 4, 4, 1}, {1, 2, 5, 6, 3, 4, 7, 8, 10, 11, 14, 15, 12, 13, 16, 17}));
  Value* rhs = input(tensor<int64_t>({3, 3, 1, 1}, std::vector<int64_t>(9, 1)));
  Attributes a;
  a.conv = {0, 3, {1, 2}, 2, 3, {0, 1}, 0, 3, {1, 2}}; // [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]
  a.windowStrides = {4, 4};
  a.lhsDilation = {2, 2};
  EXPECT_TRUE(
      sameTensor(run(b.convolution(lhs, rhs, a)), tensor<int64_t>({1, 2, 2, 1}, {10, 26, 46, 62})));
}

TEST_F(RefConvolutionTest, ThreeSpatialDimensions) {
  Tensor x(TensorType{ElementType::f32, {1, 1, 3, 3, 3}});
  for (int64_t i = 0; i < 27; ++i) x.set<float>(i, float(i));
  Value* lhs = input(x);
  Value* rhs = input(tensor<float>({1, 1, 2, 2, 2}, std::vector<float>(8, 1.f)));
  Attributes a;
  a.conv = {0, 1, {2, 3, 4}, 1, 0, {2, 3, 4}, 0, 1, {2, 3, 4}};
  // A 2x2x2 cube at (a, b, c) sums 8 * (9a + 3b + c) + 4 * (9 + 3 + 1).
  EXPECT_TRUE(sameTensor(run(b.convolution(lhs, rhs, a)),
                         tensor<float>({1, 1, 2, 2, 2}, {52, 60, 76, 84, 124, 132, 148, 156})));
}

TEST_F(ReferenceTest, ReduceSumAndMax) {
  Value* x = input(tensor<int32_t>({2, 3}, {1, 2, 3, 4, 5, 6}));
  Value* f = input(tensor<float>({2, 2}, {1, -5, 3, -7}));
  auto out = run({b.reduce(x, b.scalar<int32_t>(0), {1}, OpKind::add),
                  b.reduce(x, b.scalar<int32_t>(100), {0, 1}, OpKind::add),
                  b.reduce(f, b.scalar<float>(-kInf), {0}, OpKind::maximum)});
  EXPECT_TRUE(sameTensor(out[0], tensor<int32_t>({2}, {6, 15})));
  EXPECT_TRUE(sameTensor(out[1], Tensor::scalar<int32_t>(121)));
  EXPECT_TRUE(sameTensor(out[2], tensor<float>({2}, {3, -5})));
}

TEST_F(ReferenceTest, ReduceOnBooleans) {
  Value* x = input(tensor<bool>({2, 2}, {true, true, true, false}));
  EXPECT_TRUE(sameTensor(run(b.reduce(x, b.scalar<bool>(true), {1}, OpKind::and_)),
                         tensor<bool>({2}, {true, false})));
}

TEST_F(ReferenceTest, VariadicReduceArgmax) {
  Value* values = input(tensor<float>({2, 3}, {1, 5, 3, 7, 2, 7}));
  Value* indices = b.iota({ElementType::i32, {2, 3}}, 1);
  auto body = [](Builder& rb, std::span<Value* const> a) {
    // a = (accValue, accIndex, value, index); ties keep the earlier (accumulated) index.
    Value* keep = rb.compare(a[0], a[2], ComparisonDirection::GE);
    return std::vector<Value*>{rb.select(keep, a[0], a[2]), rb.select(keep, a[1], a[3])};
  };
  auto out =
      b.reduce({values, indices}, {b.scalar<float>(-kInf), b.scalar<int32_t>(-1)}, {1}, body);
  auto r = run(out);
  EXPECT_TRUE(sameTensor(r[0], tensor<float>({2}, {5, 7})));
  EXPECT_TRUE(sameTensor(r[1], tensor<int32_t>({2}, {1, 0})));
}

TEST_F(ReferenceTest, ReduceWindowAsInTheSpec) {
  Value* x = input(tensor<int64_t>({3, 2}, {1, 2, 3, 4, 5, 6}));
  Attributes a;
  a.windowDimensions = {2, 1};
  a.windowStrides = {4, 1};
  a.lhsDilation = {2, 1};
  a.rhsDilation = {3, 1};
  a.padding = {{2, 1}, {0, 0}};
  EXPECT_TRUE(sameTensor(run(b.reduceWindow(x, b.scalar<int64_t>(0), a, OpKind::add)),
                         tensor<int64_t>({2, 2}, {0, 0, 3, 4})));
}

TEST_F(ReferenceTest, ReduceWindowMaxPoolWithPadding) {
  Value* x = input(tensor<float>({3, 3}, {1, 2, 3, 4, 5, 6, 7, 8, 9}));
  Attributes a;
  a.windowDimensions = {2, 2};
  a.padding = {{0, 1}, {0, 1}};
  EXPECT_TRUE(sameTensor(run(b.reduceWindow(x, b.scalar<float>(-kInf), a, OpKind::maximum)),
                         tensor<float>({3, 3}, {5, 6, 6, 8, 9, 9, 8, 9, 9})));
}

TEST_F(ReferenceTest, VariadicReduceWindow) {
  Value* x = input(tensor<int32_t>({4}, {3, 1, 4, 1}));
  Value* y = input(tensor<float>({4}, {1, 2, 3, 4}));
  Attributes a;
  a.windowDimensions = {2};
  a.windowStrides = {2};
  auto body = [](Builder& rb, std::span<Value* const> v) {
    return std::vector<Value*>{rb.maximum(v[0], v[2]), rb.add(v[1], v[3])};
  };
  auto r = run(b.reduceWindow({x, y}, {b.scalar<int32_t>(0), b.scalar<float>(0)}, a, body));
  EXPECT_TRUE(sameTensor(r[0], tensor<int32_t>({2}, {3, 4})));
  EXPECT_TRUE(sameTensor(r[1], tensor<float>({2}, {3, 7})));
}

TEST_F(ReferenceTest, SelectAndScatterAsInTheSpec) {
  Value* operand = input(tensor<int64_t>({4, 2}, {1, 5, 2, 5, 3, 6, 4, 4}));
  Value* source = input(tensor<int64_t>({2, 2}, {5, 6, 7, 8}));
  Attributes a;
  a.windowDimensions = {3, 1};
  a.windowStrides = {2, 1};
  a.padding = {{0, 1}, {0, 0}};
  Tensor r = run(b.selectAndScatter(operand, source, b.scalar<int64_t>(0), a,
                                    ComparisonDirection::GE, OpKind::add));
  EXPECT_TRUE(sameTensor(r, tensor<int64_t>({4, 2}, {0, 0, 0, 0, 5, 14, 7, 0})));
}

TEST_F(ReferenceTest, SelectAndScatterMaxPoolGradientKeepsFirstOfTies) {
  Value* operand = input(tensor<float>({4}, {2, 2, 1, 3}));
  Value* source = input(tensor<float>({2}, {10, 20}));
  Attributes a;
  a.windowDimensions = {2};
  a.windowStrides = {2};
  Tensor r = run(b.selectAndScatter(operand, source, b.scalar<float>(0.5f), a,
                                    ComparisonDirection::GE, OpKind::add));
  EXPECT_TRUE(sameTensor(r, tensor<float>({4}, {10.5f, 0.5f, 0.5f, 20.5f})));
}

} // namespace
} // namespace hlotrain::cpu::reftest
