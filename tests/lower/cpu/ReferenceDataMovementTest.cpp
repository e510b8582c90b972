// Data-movement ops of the reference interpreter against hand-computed values.

#include "ReferenceTestUtil.h"
#include "support/Error.h"

namespace hlotrain::cpu::reftest {
namespace {

template <class T> Tensor iotaTensor(Shape shape) {
  Tensor t(TensorType{elementTypeOf<T>(), shape});
  for (int64_t i = 0; i < t.numElements(); ++i) t.set<T>(i, static_cast<T>(i));
  return t;
}

TEST_F(ReferenceTest, BroadcastInDimExpandsSizeOneDimensions) {
  Value* x = input(tensor<int16_t>({3, 1}, {1, 2, 3}));
  Tensor r = run(b.broadcastInDim(x, {2, 3, 2}, {1, 2}));
  EXPECT_TRUE(sameTensor(r, tensor<int16_t>({2, 3, 2}, {1, 1, 2, 2, 3, 3, 1, 1, 2, 2, 3, 3})));
}

TEST_F(ReferenceTest, ReshapeKeepsRowMajorOrder) {
  Value* x = input(iotaTensor<uint64_t>({2, 3}));
  EXPECT_TRUE(sameTensor(run(b.reshape(x, {3, 1, 2})), iotaTensor<uint64_t>({3, 1, 2})));
}

TEST_F(ReferenceTest, TransposePermutesDimensions) {
  Value* m = input(iotaTensor<float>({2, 3}));
  Value* t = input(iotaTensor<int8_t>({2, 1, 3}));
  auto r = run({b.transpose(m, {1, 0}), b.transpose(t, {2, 0, 1})});
  EXPECT_TRUE(sameTensor(r[0], tensor<float>({3, 2}, {0, 3, 1, 4, 2, 5})));
  // result[k, i, 0] = t[i, 0, k] = 3i + k.
  EXPECT_TRUE(sameTensor(r[1], tensor<int8_t>({3, 2, 1}, {0, 3, 1, 4, 2, 5})));
}

TEST_F(ReferenceTest, TransposeOfBooleans) {
  Value* x = input(tensor<bool>({2, 2}, {true, true, false, false}));
  EXPECT_TRUE(
      sameTensor(run(b.transpose(x, {1, 0})), tensor<bool>({2, 2}, {true, false, true, false})));
}

TEST_F(ReferenceTest, SliceWithStrides) {
  Value* x = input(iotaTensor<int32_t>({3, 4}));
  auto r = run({b.slice(x, {0, 1}, {3, 4}, {2, 2}), b.slice(x, {1, 0}, {2, 4})});
  EXPECT_TRUE(sameTensor(r[0], tensor<int32_t>({2, 2}, {1, 3, 9, 11})));
  EXPECT_TRUE(sameTensor(r[1], tensor<int32_t>({1, 4}, {4, 5, 6, 7})));
}

TEST_F(ReferenceTest, DynamicSliceClampsStartIndices) {
  Value* x = input(iotaTensor<double>({3, 4}));
  Value* negative = input(Tensor::scalar<int32_t>(-5));
  Value* tooLarge = input(Tensor::scalar<int32_t>(10));
  Value* one = input(Tensor::scalar<int32_t>(1));
  auto r =
      run({b.dynamicSlice(x, {negative, tooLarge}, {2, 2}), b.dynamicSlice(x, {one, one}, {2, 2})});
  EXPECT_TRUE(sameTensor(r[0], tensor<double>({2, 2}, {2, 3, 6, 7})));
  EXPECT_TRUE(sameTensor(r[1], tensor<double>({2, 2}, {5, 6, 9, 10})));
}

TEST_F(ReferenceTest, DynamicSliceWithUnsignedIndices) {
  Value* x = input(iotaTensor<int32_t>({5}));
  Value* huge = input(Tensor::scalar<uint64_t>(~0ull));
  Value* two = input(Tensor::scalar<uint8_t>(2));
  auto r = run({b.dynamicSlice(x, {huge}, {2}), b.dynamicSlice(x, {two}, {2})});
  EXPECT_TRUE(sameTensor(r[0], tensor<int32_t>({2}, {3, 4})));
  EXPECT_TRUE(sameTensor(r[1], tensor<int32_t>({2}, {2, 3})));
}

TEST_F(ReferenceTest, ConcatenateAlongADimension) {
  Value* a = input(tensor<uint32_t>({2, 1}, {1, 2}));
  Value* c = input(tensor<uint32_t>({2, 2}, {3, 4, 5, 6}));
  auto r = run({b.concatenate({a, c}, 1), b.concatenate({c, c}, 0)});
  EXPECT_TRUE(sameTensor(r[0], tensor<uint32_t>({2, 3}, {1, 3, 4, 2, 5, 6})));
  EXPECT_TRUE(sameTensor(r[1], tensor<uint32_t>({4, 2}, {3, 4, 5, 6, 3, 4, 5, 6})));
}

TEST_F(ReferenceTest, PadWithEdgeAndInteriorPaddingAsInTheSpec) {
  Value* x = input(tensor<int32_t>({2, 3}, {1, 2, 3, 4, 5, 6}));
  Tensor r = run(b.pad(x, b.scalar<int32_t>(0), {0, 1}, {2, 1}, {1, 2}));
  EXPECT_TRUE(sameTensor(r, tensor<int32_t>({5, 9}, {0, 1, 0, 0, 2, 0, 0, 3, 0, //
                                                     0, 0, 0, 0, 0, 0, 0, 0, 0, //
                                                     0, 4, 0, 0, 5, 0, 0, 6, 0, //
                                                     0, 0, 0, 0, 0, 0, 0, 0, 0, //
                                                     0, 0, 0, 0, 0, 0, 0, 0, 0})));
}

TEST_F(ReferenceTest, NegativePaddingRemovesElements) {
  Value* x = input(tensor<uint64_t>({5}, {1, 2, 3, 4, 5}));
  Value* y = input(tensor<uint64_t>({3}, {1, 2, 3}));
  Value* p = b.scalar<uint64_t>(~0ull);
  auto r = run({b.pad(x, p, {-2}, {-1}), b.pad(y, p, {-1}, {1}, {1})});
  EXPECT_TRUE(sameTensor(r[0], tensor<uint64_t>({2}, {3, 4})));
  // Interior padding first ([1 p 2 p 3]), then the negative low edge drops the 1.
  EXPECT_TRUE(sameTensor(r[1], tensor<uint64_t>({5}, {~0ull, 2, ~0ull, 3, ~0ull})));
}

TEST_F(ReferenceTest, ReverseAlongDimensions) {
  Value* x = input(iotaTensor<int64_t>({2, 3}));
  auto r = run({b.reverse(x, {1}), b.reverse(x, {0, 1})});
  EXPECT_TRUE(sameTensor(r[0], tensor<int64_t>({2, 3}, {2, 1, 0, 5, 4, 3})));
  EXPECT_TRUE(sameTensor(r[1], tensor<int64_t>({2, 3}, {5, 4, 3, 2, 1, 0})));
}

TEST_F(ReferenceTest, FuncCallRunsTheCallee) {
  Function& twice = module.addFunction("twice", false);
  Builder cb(twice.body, &module);
  Value* a = twice.body.addArgument({ElementType::i32, {2}});
  twice.setResults({cb.add(a, a)});
  Value* x = input(tensor<int32_t>({2}, {3, -4}));
  EXPECT_TRUE(sameTensor(run(b.call(twice, {x}).at(0)), tensor<int32_t>({2}, {6, -8})));
}

TEST_F(ReferenceTest, RecursionIsReportedNotACrash) {
  Function& loop = module.addFunction("loop", false);
  Value* a = loop.body.addArgument({ElementType::i32, {}});
  loop.resultTypes = {{ElementType::i32, {}}};
  Builder lb(loop.body, &module);
  loop.setResults({lb.call(loop, {a}).at(0)});
  Value* x = input(Tensor::scalar<int32_t>(1));
  fn.setResults({b.call(loop, {x}).at(0)});
  EXPECT_THROW(interpret(module, fn, inputs), RuntimeError);
}

} // namespace
} // namespace hlotrain::cpu::reftest
