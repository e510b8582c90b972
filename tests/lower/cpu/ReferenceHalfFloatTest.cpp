// bf16 and f16 in the reference interpreter: every op rounds its result to nearest even once
// (contractions once per result element), overflow goes to infinity, subnormals are kept, NaN
// propagates, convert rounds once from the exact source value; expected values worked out by
// hand.

#include <cmath>
#include <limits>

#include "ReferenceTestUtil.h"
#include "lower/cpu/ReferenceOps.h"

namespace hlotrain::cpu::reftest {
namespace {

using K = OpKind;

BFloat16 bf(uint16_t bits) {
  return BFloat16::fromBits(bits);
}
Float16 h(uint16_t bits) {
  return Float16::fromBits(bits);
}

class RefHalfFloatTest : public ReferenceTest {
protected:
  template <class T> Tensor vec(std::vector<T> x) {
    return tensor<T>({static_cast<int64_t>(x.size())}, x);
  }
  template <class T> Tensor binary(K kind, std::vector<T> lhs, std::vector<T> rhs) {
    return run(b.binary(kind, input(vec(lhs)), input(vec(rhs))));
  }
  template <class T> Tensor unary(K kind, std::vector<T> x) {
    return run(b.unary(kind, input(vec(x))));
  }
  template <class From, class To> Tensor convert(std::vector<From> x) {
    return run(b.convert(input(vec(x)), elementTypeOf<To>()));
  }
};

TEST_F(RefHalfFloatTest, AddRoundsToNearestEven) {
  // bf16 1 + 2^-8: a tie between 1 and 1 + 2^-7, to the even 1; 1 + 3 * 2^-8 to the even
  // 1 + 2^-6 (0x3F82); 256 + 1 to 256.
  EXPECT_TRUE(sameTensor(binary<BFloat16>(K::add, {bf(0x3F80), bf(0x3F80), bf(0x4380)},
                                          {BFloat16(std::ldexp(1.0, -8)),
                                           BFloat16(3 * std::ldexp(1.0, -8)), BFloat16(1.0)}),
                         vec<BFloat16>({bf(0x3F80), bf(0x3F82), bf(0x4380)})));
  // f16 1 + 2^-11 to 1; 1 + 3 * 2^-11 to 1 + 2^-9.
  EXPECT_TRUE(sameTensor(
      binary<Float16>(K::add, {h(0x3C00), h(0x3C00)},
                      {Float16(std::ldexp(1.0, -11)), Float16(3 * std::ldexp(1.0, -11))}),
      vec<Float16>({h(0x3C00), h(0x3C02)})));
}

TEST_F(RefHalfFloatTest, F16OverflowsToInfinityAndKeepsSubnormals) {
  // 65504 + 16 = 65520 is the tie between 65504 and (the even) 2^16, which is beyond the range.
  EXPECT_TRUE(sameTensor(
      binary<Float16>(K::add, {Float16(65504.0), Float16(65504.0)}, {Float16(8.0), Float16(16.0)}),
      vec<Float16>({h(0x7BFF), h(0x7C00)})));
  EXPECT_TRUE(sameTensor(binary<Float16>(K::multiply, {Float16(300.0)}, {Float16(-300.0)}),
                         vec<Float16>({h(0xFC00)})));
  // 2^-24 * 0.5 is a tie with 0 (to 0), 2^-24 * 1.5 one between 2^-24 and 2^-23 (to 2^-23).
  EXPECT_TRUE(sameTensor(binary<Float16>(K::multiply, {h(0x0001), h(0x0001), h(0x0001)},
                                         {Float16(0.5), Float16(1.5), Float16(3.0)}),
                         vec<Float16>({h(0x0000), h(0x0002), h(0x0003)})));
  EXPECT_TRUE(sameTensor(
      binary<Float16>(K::divide, {Float16(1.0), Float16(1.0)}, {Float16(3.0), Float16(0.0)}),
      vec<Float16>({h(0x3555), h(0x7C00)})));
}

TEST_F(RefHalfFloatTest, NaNPropagates) {
  const BFloat16 nan = bf(0x7FC0);
  Tensor r = binary<BFloat16>(K::add, {nan, BFloat16(1.0)}, {BFloat16(1.0), nan});
  EXPECT_TRUE(r.get<BFloat16>(0).isNaN() && r.get<BFloat16>(1).isNaN());
  r = binary<BFloat16>(K::maximum, {nan, BFloat16(-0.0)}, {BFloat16(2.0), BFloat16(0.0)});
  EXPECT_TRUE(sameTensor(r, vec<BFloat16>({nan, BFloat16(0.0)})));
  r = binary<Float16>(K::subtract, {h(0x7C00)}, {h(0x7C00)}); // inf - inf
  EXPECT_TRUE(r.get<Float16>(0).isNaN());
  r = unary<Float16>(K::sqrt, {Float16(-1.0), Float16(2.0)});
  EXPECT_TRUE(sameTensor(r, vec<Float16>({h(0x7E00), h(0x3DA8)})));
  // negate and abs are sign operations: the payload stays.
  EXPECT_EQ(unary<BFloat16>(K::negate, {bf(0x7FC1)}).get<BFloat16>(0).bits, 0xFFC1);
  EXPECT_EQ(unary<Float16>(K::abs, {h(0xFE01)}).get<Float16>(0).bits, 0x7E01);
}

TEST_F(RefHalfFloatTest, ConvertFromFloatRoundsTiesToEven) {
  // 1 + 2^-8 (exact in f32) is a tie: to 1; one f32 ulp above it: to 1 + 2^-7.
  const float tie = 1.0f + std::ldexp(1.0f, -8);
  const float aboveTie = std::nextafter(tie, 2.0f);
  const float inf = std::numeric_limits<float>::infinity();
  EXPECT_TRUE(sameTensor(
      (convert<float, BFloat16>({tie, aboveTie, -tie, std::numeric_limits<float>::max(), -inf})),
      vec<BFloat16>({bf(0x3F80), bf(0x3F81), bf(0xBF80), bf(0x7F80), bf(0xFF80)})));
  Tensor nan = convert<float, BFloat16>({std::numeric_limits<float>::quiet_NaN()});
  EXPECT_TRUE(nan.get<BFloat16>(0).isNaN());
  EXPECT_TRUE(sameTensor((convert<double, Float16>({65519.99, 65520.0, std::ldexp(1.0, -25), 0.1})),
                         vec<Float16>({h(0x7BFF), h(0x7C00), h(0x0000), h(0x2E66)})));
  // Between the two half types: bf16 65536 is beyond f16; f16's smallest subnormal is a bf16.
  EXPECT_TRUE(sameTensor((convert<BFloat16, Float16>({BFloat16(65536.0), bf(0xC040)})),
                         vec<Float16>({h(0x7C00), h(0xC200)})));
  EXPECT_TRUE(sameTensor((convert<Float16, BFloat16>({h(0x0001)})),
                         vec<BFloat16>({BFloat16(std::ldexp(1.0, -24))})));
  // Widening is exact.
  EXPECT_TRUE(sameTensor((convert<Float16, float>({h(0x3555), h(0x0001)})),
                         vec<float>({0.333251953125f, std::ldexp(1.0f, -24)})));
}

TEST_F(RefHalfFloatTest, ConvertWithIntegers) {
  EXPECT_TRUE(sameTensor((convert<int32_t, BFloat16>({257, 259, -3})),
                         vec<BFloat16>({bf(0x4380), bf(0x4382), bf(0xC040)})));
  // Just above the tie between 2^60 and 2^60 + 2^53: rounded once, up.
  EXPECT_TRUE(
      sameTensor((convert<uint64_t, BFloat16>({(uint64_t{1} << 60) + (uint64_t{1} << 52) + 1})),
                 vec<BFloat16>({bf(0x5D81)})));
  EXPECT_TRUE(
      sameTensor((convert<int32_t, Float16>({2049, 65520})), vec<Float16>({h(0x6800), h(0x7C00)})));
  const int32_t max = std::numeric_limits<int32_t>::max();
  const int32_t min = std::numeric_limits<int32_t>::min();
  EXPECT_TRUE(sameTensor(
      (convert<BFloat16, int32_t>({BFloat16(-2.75), BFloat16(3e10), BFloat16(-3e10), bf(0x7FC0)})),
      vec<int32_t>({-2, max, min, 0})));
  EXPECT_TRUE(sameTensor((convert<Float16, uint8_t>({Float16(-1.0), Float16(300.0), h(0x7C00)})),
                         vec<uint8_t>({0, 255, 255})));
  EXPECT_TRUE(sameTensor((convert<bool, Float16>({true, false})),
                         vec<Float16>({Float16(1.0), Float16(0.0)})));
  EXPECT_TRUE(sameTensor((convert<Float16, bool>({Float16(-0.0), h(0x7E00), Float16(0.5)})),
                         vec<bool>({false, true, true})));
}

TEST_F(RefHalfFloatTest, CompareOrdersAsTheWidenedValues) {
  Value* l = input(vec<BFloat16>({BFloat16(-0.0), bf(0x7FC0), BFloat16(1.0)}));
  Value* r = input(vec<BFloat16>({BFloat16(0.0), bf(0x7FC0), BFloat16(1.0078125)}));
  auto out = run({b.compare(l, r, ComparisonDirection::EQ, ComparisonType::FLOAT),
                  b.compare(l, r, ComparisonDirection::LT, ComparisonType::TOTALORDER)});
  EXPECT_TRUE(sameTensor(out[0], vec<bool>({true, false, false})));
  EXPECT_TRUE(sameTensor(out[1], vec<bool>({true, false, true})));
}

// dot_general and convolution accumulate bf16/f16 in f64 and round once per result element:
// 1 + 2^-8 + 2^-8 is 1 + 2^-7, where rounding each partial sum would give 1 twice.
TEST_F(RefHalfFloatTest, ContractionsRoundOncePerResultElement) {
  const BFloat16 one(1.0), small(std::ldexp(1.0, -8));
  Value* l = input(tensor<BFloat16>({1, 3}, {one, small, small}));
  Value* r = input(tensor<BFloat16>({3, 1}, {one, one, one}));
  DotDimensionNumbers dims;
  dims.lhsContractingDimensions = {1};
  dims.rhsContractingDimensions = {0};
  EXPECT_TRUE(sameTensor(run(b.dotGeneral(l, r, dims)), tensor<BFloat16>({1, 1}, {bf(0x3F81)})));
}

TEST_F(RefHalfFloatTest, ConvolutionRoundsOncePerResultElement) {
  // A 1-D convolution (batch, feature, width) of [1, 2^-11, 2^-11] with a width-3 kernel of ones.
  const Float16 one(1.0), small(std::ldexp(1.0, -11));
  ir::Attributes attrs;
  attrs.conv.inputBatchDimension = 0;
  attrs.conv.inputFeatureDimension = 1;
  attrs.conv.inputSpatialDimensions = {2};
  attrs.conv.kernelOutputFeatureDimension = 0;
  attrs.conv.kernelInputFeatureDimension = 1;
  attrs.conv.kernelSpatialDimensions = {2};
  attrs.conv.outputBatchDimension = 0;
  attrs.conv.outputFeatureDimension = 1;
  attrs.conv.outputSpatialDimensions = {2};
  attrs.windowStrides = {1};
  attrs.padding = {{0, 0}};
  attrs.lhsDilation = {1};
  attrs.rhsDilation = {1};
  attrs.windowReversal = {false};
  const Tensor lhs = tensor<Float16>({1, 1, 3}, {one, small, small});
  const Tensor rhs = tensor<Float16>({1, 1, 3}, {one, one, one});
  EXPECT_TRUE(sameTensor(ref::convolutionOp(lhs, rhs, attrs, {ElementType::f16, {1, 1, 1}}),
                         tensor<Float16>({1, 1, 1}, {h(0x3C01)})));
}

} // namespace
} // namespace hlotrain::cpu::reftest
