#include <gtest/gtest.h>

#include "ir/Builder.h"
#include "ir/Verifier.h"
#include "support/Error.h"

using namespace hlotrain;
using namespace hlotrain::ir;

namespace {

TensorType f32(Shape s) {
  return {ElementType::f32, std::move(s)};
}

class BuilderTest : public ::testing::Test {
protected:
  Module module;
  Function& fn = module.addFunction("main");
  Builder b{fn.body, &module};
  Value* arg(TensorType t) { return fn.body.addArgument(std::move(t)); }
};

TEST_F(BuilderTest, ElementwiseKeepsType) {
  Value* x = arg(f32({2, 3}));
  EXPECT_EQ(b.add(x, x)->type, f32({2, 3}));
  EXPECT_EQ(b.unary(OpKind::tanh, x)->type, f32({2, 3}));
}

TEST_F(BuilderTest, ElementwiseRejectsMismatchedOperands) {
  Value* x = arg(f32({2, 3}));
  Value* y = arg(f32({3, 2}));
  EXPECT_THROW(b.add(x, y), VerifyError);
  Value* i = arg({ElementType::i32, {2, 3}});
  EXPECT_THROW(b.unary(OpKind::exponential, i), VerifyError);
  EXPECT_THROW(b.binary(OpKind::and_, x, x), VerifyError);
}

TEST_F(BuilderTest, CompareDefaultsTypeAndReturnsI1) {
  Value* u = arg({ElementType::ui8, {4}});
  Value* c = b.compare(u, u, ComparisonDirection::LT);
  EXPECT_EQ(c->type, (TensorType{ElementType::i1, {4}}));
  EXPECT_EQ(c->producer->attrs.compareType, ComparisonType::UNSIGNED);
  Value* f = arg(f32({4}));
  EXPECT_THROW(b.compare(f, f, ComparisonDirection::EQ, ComparisonType::SIGNED), VerifyError);
}

TEST_F(BuilderTest, BroadcastInDimChecksDimensions) {
  Value* x = arg(f32({3, 1}));
  EXPECT_EQ(b.broadcastInDim(x, {2, 3, 4}, {1, 2})->type, f32({2, 3, 4}));
  EXPECT_THROW(b.broadcastInDim(x, {2, 4, 4}, {1, 2}), VerifyError);
  EXPECT_THROW(b.broadcastInDim(x, {2, 3, 4}, {1}), VerifyError);
  EXPECT_THROW(b.broadcastInDim(x, {2, 3, 4}, {1, 3}), VerifyError);
}

TEST_F(BuilderTest, ReshapeTransposeSlice) {
  Value* x = arg(f32({2, 3, 4}));
  EXPECT_EQ(b.reshape(x, {6, 4})->type, f32({6, 4}));
  EXPECT_THROW(b.reshape(x, {5, 4}), VerifyError);
  EXPECT_EQ(b.transpose(x, {2, 0, 1})->type, f32({4, 2, 3}));
  EXPECT_THROW(b.transpose(x, {0, 0, 1}), VerifyError);
  EXPECT_EQ(b.slice(x, {0, 1, 0}, {2, 3, 4}, {1, 1, 3})->type, f32({2, 2, 2}));
  EXPECT_THROW(b.slice(x, {0, 2, 0}, {2, 1, 4}), VerifyError);
}

TEST_F(BuilderTest, DynamicSliceNeedsOneIndexPerDimension) {
  Value* x = arg(f32({5, 6}));
  Value* i = b.scalar<int32_t>(1);
  EXPECT_EQ(b.dynamicSlice(x, {i, i}, {2, 3})->type, f32({2, 3}));
  EXPECT_THROW(b.dynamicSlice(x, {i}, {2, 3}), VerifyError);
  EXPECT_THROW(b.dynamicSlice(x, {i, i}, {6, 3}), VerifyError);
}

TEST_F(BuilderTest, ConcatenateAndPad) {
  Value* x = arg(f32({2, 3}));
  Value* y = arg(f32({2, 5}));
  EXPECT_EQ(b.concatenate({x, y, x}, 1)->type, f32({2, 11}));
  EXPECT_THROW(b.concatenate({x, y}, 0), VerifyError);
  Value* zero = b.scalar<float>(0);
  EXPECT_EQ(b.pad(x, zero, {1, -1}, {0, 2}, {1, 2})->type, f32({4, 8}));
  EXPECT_THROW(b.pad(x, zero, {0, -9}, {0, 0}), VerifyError);
}

TEST_F(BuilderTest, DotGeneralBatchedMatmul) {
  Value* l = arg(f32({8, 2, 3}));
  Value* r = arg(f32({8, 3, 5}));
  DotDimensionNumbers d{{0}, {0}, {2}, {1}};
  EXPECT_EQ(b.dotGeneral(l, r, d)->type, f32({8, 2, 5}));
  DotDimensionNumbers bad{{0}, {0}, {1}, {1}};
  EXPECT_THROW(b.dotGeneral(l, r, bad), VerifyError);
}

TEST_F(BuilderTest, ConvolutionShapes) {
  Value* x = arg(f32({2, 4, 9, 9}));
  Value* k = arg(f32({6, 2, 3, 3}));
  Attributes a;
  a.conv.inputSpatialDimensions = {2, 3};
  a.conv.kernelSpatialDimensions = {2, 3};
  a.conv.outputSpatialDimensions = {2, 3};
  a.windowStrides = {2, 2};
  a.padding = {{1, 1}, {0, 1}};
  a.featureGroupCount = 2;
  EXPECT_EQ(b.convolution(x, k, a)->type, f32({2, 6, 5, 4}));
  a.featureGroupCount = 1;
  EXPECT_THROW(b.convolution(x, k, a), VerifyError);
}

TEST_F(BuilderTest, ReduceAndVariadicReduce) {
  Value* x = arg(f32({2, 3, 4}));
  Value* zero = b.scalar<float>(0);
  EXPECT_EQ(b.reduce(x, zero, {1}, OpKind::add)->type, f32({2, 4}));
  Value* idx = b.iota({ElementType::i32, {2, 3, 4}}, 2);
  Value* izero = b.scalar<int32_t>(0);
  auto results =
      b.reduce({x, idx}, {zero, izero}, {2}, [](Builder& body, std::span<Value* const> a) {
        Value* take = body.compare(a[0], a[2], ComparisonDirection::GE);
        return std::vector<Value*>{body.select(take, a[0], a[2]), body.select(take, a[1], a[3])};
      });
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(results[1]->type, (TensorType{ElementType::i32, {2, 3}}));
  EXPECT_THROW(b.reduce(x, izero, {1}, OpKind::add), VerifyError);
}

TEST_F(BuilderTest, ReduceWindowAndSelectAndScatter) {
  Value* x = arg(f32({1, 1, 6, 6}));
  Value* ninf = b.scalar<float>(-1e30f);
  Attributes w;
  w.windowDimensions = {1, 1, 2, 2};
  w.windowStrides = {1, 1, 2, 2};
  Value* pooled = b.reduceWindow(x, ninf, w, OpKind::maximum);
  EXPECT_EQ(pooled->type, f32({1, 1, 3, 3}));
  Value* zero = b.scalar<float>(0);
  Value* grad = b.selectAndScatter(x, pooled, zero, w, ComparisonDirection::GE, OpKind::add);
  EXPECT_EQ(grad->type, f32({1, 1, 6, 6}));
  EXPECT_THROW(b.selectAndScatter(x, x, zero, w, ComparisonDirection::GE, OpKind::add),
               VerifyError);
}

TEST_F(BuilderTest, CallAndVerify) {
  Function& callee = module.addFunction("double", false);
  Builder cb(callee.body, &module);
  Value* p = callee.body.addArgument(f32({3}));
  callee.setResults({cb.add(p, p)});
  Value* x = arg(f32({3}));
  auto r = b.call(callee, {x});
  ASSERT_EQ(r.size(), 1u);
  fn.setResults({r[0]});
  EXPECT_NO_THROW(verify(module));
  Value* wrong = arg(f32({4}));
  EXPECT_THROW(b.call(callee, {wrong}), VerifyError);
}

TEST_F(BuilderTest, VerifierCatchesBadSignatureAndUseBeforeDef) {
  Value* x = arg(f32({3}));
  Value* y = b.add(x, x);
  fn.setResults({y});
  fn.resultTypes = {f32({4})};
  EXPECT_THROW(verify(module), VerifyError);
  fn.setResults({y});
  // Swap the op into a second function's region: its operand is not visible there.
  Function& other = module.addFunction("other");
  other.body.ops.push_back(std::move(fn.body.ops.back()));
  fn.body.ops.pop_back();
  EXPECT_THROW(verify(module), VerifyError);
}

TEST_F(BuilderTest, CheckOpsNeedMatchingTypes) {
  Value* x = arg(f32({2}));
  Attributes a;
  a.value = Tensor::fromVector<float>({2}, {1, 2});
  EXPECT_NO_THROW(b.check(OpKind::check_expect_almost_eq_const, {x}, a));
  a.value = Tensor::fromVector<float>({3}, {1, 2, 3});
  EXPECT_THROW(b.check(OpKind::check_expect_eq_const, {x}, a), VerifyError);
}

} // namespace
