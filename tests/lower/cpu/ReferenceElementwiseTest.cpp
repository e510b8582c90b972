// Elementwise ops of the reference interpreter, per element type, against hand-computed values.

#include <limits>

#include "ReferenceTestUtil.h"
#include "lower/cpu/ReferenceOps.h"
#include "support/Error.h"

namespace hlotrain::cpu::reftest {
namespace {

using K = OpKind;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

class RefElementwiseTest : public ReferenceTest {
protected:
  template <class T> Tensor binary(K kind, std::vector<T> lhs, std::vector<T> rhs) {
    const Shape shape{static_cast<int64_t>(lhs.size())};
    return run(b.binary(kind, input(tensor<T>(shape, lhs)), input(tensor<T>(shape, rhs))));
  }
  template <class T> Tensor unary(K kind, std::vector<T> x) {
    return run(b.unary(kind, input(tensor<T>({static_cast<int64_t>(x.size())}, x))));
  }
};

// Wrapping arithmetic and the division-by-zero conventions on every integer type.
template <class T> class RefIntegerArithmeticTest : public RefElementwiseTest {};
using IntegerTypes =
    ::testing::Types<int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t>;
TYPED_TEST_SUITE(RefIntegerArithmeticTest, IntegerTypes);

TYPED_TEST(RefIntegerArithmeticTest, WrapsAndDividesByZero) {
  using T = TypeParam;
  using L = std::numeric_limits<T>;
  const T max = L::max(), min = L::min();
  auto v = [](std::vector<T> x) { return tensor<T>({static_cast<int64_t>(x.size())}, x); };
  EXPECT_TRUE(sameTensor(this->template binary<T>(K::add, {max, 3, 7}, {1, 4, 0}), v({min, 7, 7})));
  EXPECT_TRUE(sameTensor(this->template binary<T>(K::subtract, {min, 9}, {1, 4}), v({max, 5})));
  // max * 2 drops the carry: max is 0111..1 (signed) or 111..1 (unsigned); doubled it is
  // 111..10 in both cases.
  EXPECT_TRUE(sameTensor(this->template binary<T>(K::multiply, {max, 6}, {2, 7}),
                         v({static_cast<T>(~T(1)), 42})));
  EXPECT_TRUE(sameTensor(this->template binary<T>(K::divide, {7, 9, 5}, {2, 3, 0}),
                         v({3, 3, static_cast<T>(~T(0))})));
  EXPECT_TRUE(
      sameTensor(this->template binary<T>(K::remainder, {7, 9, 5}, {2, 3, 0}), v({1, 0, 5})));
  EXPECT_TRUE(sameTensor(this->template binary<T>(K::power, {3, 2, 7, 0}, {4, 10, 0, 0}),
                         v({81, static_cast<T>(uint64_t{1024}), 1, 1})));
  EXPECT_TRUE(sameTensor(this->template binary<T>(K::maximum, {min, 5}, {max, 3}), v({max, 5})));
  EXPECT_TRUE(sameTensor(this->template binary<T>(K::minimum, {min, 5}, {max, 3}), v({min, 3})));
  EXPECT_TRUE(sameTensor(this->template binary<T>(K::and_, {12}, {10}), v({8})));
  EXPECT_TRUE(sameTensor(this->template binary<T>(K::or_, {12}, {10}), v({14})));
  EXPECT_TRUE(sameTensor(this->template binary<T>(K::xor_, {12}, {10}), v({6})));
  EXPECT_TRUE(sameTensor(this->template unary<T>(K::not_, {0}), v({static_cast<T>(~T(0))})));
  EXPECT_TRUE(
      sameTensor(this->template unary<T>(K::negate, {1, 0}), v({static_cast<T>(~T(0)), 0})));
}

TEST_F(RefElementwiseTest, SignedDivisionTruncatesAndOverflowWraps) {
  const int32_t min = std::numeric_limits<int32_t>::min();
  EXPECT_TRUE(sameTensor(binary<int32_t>(K::divide, {-7, 7, -7, min, min}, {2, -2, -2, -1, 0}),
                         tensor<int32_t>({5}, {-3, -3, 3, min, -1})));
  EXPECT_TRUE(
      sameTensor(binary<int32_t>(K::remainder, {-7, 7, -7, min, 17, -17}, {2, -2, -2, -1, -3, 3}),
                 tensor<int32_t>({6}, {-1, 1, -1, 0, 2, -2})));
  EXPECT_TRUE(sameTensor(unary<int32_t>(K::negate, {min, 5}), tensor<int32_t>({2}, {min, -5})));
  EXPECT_TRUE(sameTensor(unary<int8_t>(K::abs, {-128, -5, 7}), tensor<int8_t>({3}, {-128, 5, 7})));
  EXPECT_TRUE(sameTensor(unary<int64_t>(K::sign, {-9, 0, 4}), tensor<int64_t>({3}, {-1, 0, 1})));
}

TEST_F(RefElementwiseTest, IntegerPowerWithNegativeExponents) {
  EXPECT_TRUE(sameTensor(binary<int32_t>(K::power, {2, 1, -1, -1, 0, -2}, {-1, -5, -3, -2, -1, 3}),
                         tensor<int32_t>({6}, {0, 1, -1, 1, 0, -8})));
  // 3^5 = 243 wraps to -13 in i8.
  EXPECT_TRUE(sameTensor(binary<int8_t>(K::power, {3}, {5}), tensor<int8_t>({1}, {-13})));
}

TEST(RefElementTypes, OpsOutsideTheirSpecTypesAreUnsupported) {
  const Tensor flags = tensor<bool>({1}, {true});
  const Tensor ints = tensor<int32_t>({1}, {4});
  const Tensor unsignedInts = tensor<uint8_t>({1}, {4});
  EXPECT_THROW(ref::binaryOp(K::subtract, flags, flags), UnsupportedError);
  EXPECT_THROW(ref::binaryOp(K::power, flags, flags), UnsupportedError);
  EXPECT_THROW(ref::unaryOp(K::exponential, ints), UnsupportedError);
  EXPECT_THROW(ref::unaryOp(K::abs, unsignedInts), UnsupportedError);
  EXPECT_THROW(ref::binaryOp(K::and_, tensor<float>({1}, {1.f}), tensor<float>({1}, {1.f})),
               UnsupportedError);
}

TEST_F(RefElementwiseTest, BooleanOps) {
  const std::vector<bool> l = {false, false, true, true}, r = {false, true, false, true};
  auto v = [](std::vector<bool> x) { return tensor<bool>({4}, x); };
  EXPECT_TRUE(sameTensor(binary<bool>(K::add, l, r), v({false, true, true, true})));
  EXPECT_TRUE(sameTensor(binary<bool>(K::multiply, l, r), v({false, false, false, true})));
  EXPECT_TRUE(sameTensor(binary<bool>(K::maximum, l, r), v({false, true, true, true})));
  EXPECT_TRUE(sameTensor(binary<bool>(K::minimum, l, r), v({false, false, false, true})));
  EXPECT_TRUE(sameTensor(binary<bool>(K::and_, l, r), v({false, false, false, true})));
  EXPECT_TRUE(sameTensor(binary<bool>(K::or_, l, r), v({false, true, true, true})));
  EXPECT_TRUE(sameTensor(binary<bool>(K::xor_, l, r), v({false, true, true, false})));
  EXPECT_TRUE(sameTensor(unary<bool>(K::not_, l), v({true, true, false, false})));
}

template <class T> class RefFloatTest : public RefElementwiseTest {};
using FloatTypes = ::testing::Types<float, double>;
TYPED_TEST_SUITE(RefFloatTest, FloatTypes);

TYPED_TEST(RefFloatTest, ArithmeticAndIeeeEdges) {
  using T = TypeParam;
  const T nan = T(kNaN), inf = T(kInf);
  auto v = [](std::vector<T> x) { return tensor<T>({static_cast<int64_t>(x.size())}, x); };
  EXPECT_TRUE(
      sameTensor(this->template binary<T>(K::add, {1.5, inf}, {2.25, -inf}), v({3.75, nan})));
  EXPECT_TRUE(sameTensor(this->template binary<T>(K::subtract, {1.5}, {2.25}), v({-0.75})));
  EXPECT_TRUE(
      sameTensor(this->template binary<T>(K::multiply, {1.5, -0.0}, {-2, 3}), v({-3, -0.0})));
  EXPECT_TRUE(
      sameTensor(this->template binary<T>(K::divide, {1, -1, 0}, {0, 0, 0}), v({inf, -inf, nan})));
  // fmod: the sign of the dividend, exact.
  EXPECT_TRUE(sameTensor(this->template binary<T>(K::remainder, {-7.5, 7.5, 5, 1}, {2, -2, 0, inf}),
                         v({-1.5, 1.5, nan, 1})));
  EXPECT_TRUE(
      sameTensor(this->template binary<T>(K::maximum, {nan, 1, -0.0, 0.0}, {1, nan, 0.0, -0.0}),
                 v({nan, nan, 0.0, 0.0})));
  EXPECT_TRUE(
      sameTensor(this->template binary<T>(K::minimum, {nan, 1, -0.0, 0.0}, {1, nan, 0.0, -0.0}),
                 v({nan, nan, -0.0, -0.0})));
  EXPECT_TRUE(
      sameTensor(this->template binary<T>(K::power, {-2, 3, 4, -8}, {2, -1, 0.5, T(1) / T(3)}),
                 v({4, T(1) / T(3), 2, nan})));
  EXPECT_TRUE(sameTensor(this->template unary<T>(K::negate, {0.0, -2}), v({-0.0, 2})));
  EXPECT_TRUE(sameTensor(this->template unary<T>(K::abs, {-0.0, -2, -inf}), v({0.0, 2, inf})));
  EXPECT_TRUE(sameTensor(this->template unary<T>(K::sign, {-0.0, 0.0, -3, 7, nan, -inf}),
                         v({-0.0, 0.0, -1, 1, nan, -1})));
}

TYPED_TEST(RefFloatTest, TranscendentalsMatchTheLibm) {
  using T = TypeParam;
  const std::vector<T> x = {T(0.25), T(1), T(3)};
  auto expect = [&](K kind, T (*f)(T)) {
    std::vector<T> expected;
    for (T e : x) expected.push_back(f(e));
    EXPECT_TRUE(sameTensor(this->template unary<T>(kind, x), tensor<T>({3}, expected)))
        << opName(kind);
  };
  expect(K::exponential, [](T a) { return std::exp(a); });
  expect(K::log, [](T a) { return std::log(a); });
  expect(K::log_plus_one, [](T a) { return std::log1p(a); });
  expect(K::sqrt, [](T a) { return std::sqrt(a); });
  expect(K::rsqrt, [](T a) { return T(1) / std::sqrt(a); });
  expect(K::tanh, [](T a) { return std::tanh(a); });
  expect(K::logistic, [](T a) { return T(1) / (T(1) + std::exp(-a)); });
}

TEST_F(RefElementwiseTest, LogisticSaturatesAndSpecialValues) {
  EXPECT_TRUE(sameTensor(unary<float>(K::logistic, {-200.f, 0.f, 200.f}),
                         tensor<float>({3}, {0.f, 0.5f, 1.f})));
  EXPECT_TRUE(sameTensor(unary<double>(K::log, {0.0, -1.0}), tensor<double>({2}, {-kInf, kNaN})));
  EXPECT_TRUE(sameTensor(unary<double>(K::rsqrt, {0.0, 4.0}), tensor<double>({2}, {kInf, 0.5})));
}

class RefCompareTest : public ReferenceTest {
protected:
  template <class T>
  std::vector<bool> compare(std::vector<T> l, std::vector<T> r, ComparisonDirection d,
                            std::optional<ComparisonType> type = std::nullopt) {
    const Shape shape{static_cast<int64_t>(l.size())};
    Tensor out = run(b.compare(input(tensor<T>(shape, l)), input(tensor<T>(shape, r)), d, type));
    std::vector<bool> bits;
    for (int64_t i = 0; i < out.numElements(); ++i) bits.push_back(out.get<bool>(i));
    return bits;
  }
};

TEST_F(RefCompareTest, EveryDirectionOnSignedAndUnsigned) {
  using D = ComparisonDirection;
  const std::vector<int8_t> l = {-1, 2, 3}, r = {1, 2, -4};
  EXPECT_EQ(compare<int8_t>(l, r, D::EQ), (std::vector<bool>{false, true, false}));
  EXPECT_EQ(compare<int8_t>(l, r, D::NE), (std::vector<bool>{true, false, true}));
  EXPECT_EQ(compare<int8_t>(l, r, D::LT), (std::vector<bool>{true, false, false}));
  EXPECT_EQ(compare<int8_t>(l, r, D::LE), (std::vector<bool>{true, true, false}));
  EXPECT_EQ(compare<int8_t>(l, r, D::GT), (std::vector<bool>{false, false, true}));
  EXPECT_EQ(compare<int8_t>(l, r, D::GE), (std::vector<bool>{false, true, true}));
  EXPECT_EQ(compare<uint8_t>({255, 1}, {1, 1}, D::GT), (std::vector<bool>{true, false}));
  EXPECT_EQ(compare<uint64_t>({~0ull}, {1}, D::GT), (std::vector<bool>{true}));
  EXPECT_EQ(compare<bool>({false, true}, {true, true}, D::LT), (std::vector<bool>{true, false}));
}

TEST_F(RefCompareTest, NoTypeIsTheElementTypesNaturalOrder) {
  using D = ComparisonDirection;
  const auto none = ComparisonType::NOTYPE;
  EXPECT_EQ(compare<int8_t>({-1}, {1}, D::LT, none), (std::vector<bool>{true}));
  EXPECT_EQ(compare<uint8_t>({255}, {1}, D::GT, none), (std::vector<bool>{true}));
  EXPECT_EQ(compare<double>({kNaN, -0.0}, {kNaN, 0.0}, D::EQ, none),
            (std::vector<bool>{false, true}));
}

TEST_F(RefCompareTest, FloatComparisonsWithNaN) {
  using D = ComparisonDirection;
  const std::vector<float> l = {float(kNaN), 1.f, -0.f}, r = {float(kNaN), float(kNaN), 0.f};
  EXPECT_EQ(compare<float>(l, r, D::EQ), (std::vector<bool>{false, false, true}));
  EXPECT_EQ(compare<float>(l, r, D::NE), (std::vector<bool>{true, true, false}));
  EXPECT_EQ(compare<float>(l, r, D::LT), (std::vector<bool>{false, false, false}));
  EXPECT_EQ(compare<float>(l, r, D::GE), (std::vector<bool>{false, false, true}));
}

TEST_F(RefCompareTest, TotalOrderSortsNaNsZerosAndInfinities) {
  const double negNaN = -kNaN;
  ASSERT_TRUE(std::signbit(negNaN));
  const std::vector<double> ordered = {negNaN, -kInf, -1.0, -0.0, 0.0, 1e-300, kInf, kNaN};
  std::vector<double> l, r;
  std::vector<bool> lt, eq;
  for (size_t i = 0; i < ordered.size(); ++i) {
    for (size_t j = 0; j < ordered.size(); ++j) {
      l.push_back(ordered[i]);
      r.push_back(ordered[j]);
      lt.push_back(i < j);
      eq.push_back(i == j);
    }
  }
  using D = ComparisonDirection;
  const auto total = ComparisonType::TOTALORDER;
  EXPECT_EQ(compare<double>(l, r, D::LT, total), lt);
  EXPECT_EQ(compare<double>(l, r, D::EQ, total), eq);
}

TEST_F(RefCompareTest, TotalOrderOnF32) {
  using D = ComparisonDirection;
  const auto total = ComparisonType::TOTALORDER;
  EXPECT_EQ(compare<float>({-0.f, float(kNaN), float(kNaN)}, {0.f, float(kInf), float(kNaN)}, D::LT,
                           total),
            (std::vector<bool>{true, false, false}));
  EXPECT_EQ(compare<float>({-0.f, float(kNaN)}, {0.f, float(kNaN)}, D::EQ, total),
            (std::vector<bool>{false, true}));
}

class RefConvertTest : public ReferenceTest {
protected:
  template <class From, class To> Tensor convert(std::vector<From> x) {
    return run(
        b.convert(input(tensor<From>({static_cast<int64_t>(x.size())}, x)), elementTypeOf<To>()));
  }
};

TEST_F(RefConvertTest, FloatToIntegerTruncatesAndSaturates) {
  const int32_t max = std::numeric_limits<int32_t>::max(),
                min = std::numeric_limits<int32_t>::min();
  EXPECT_TRUE(sameTensor(
      (convert<float, int32_t>({2.7f, -2.7f, float(kNaN), 1e10f, -1e10f, float(kInf), -0.5f})),
      tensor<int32_t>({7}, {2, -2, 0, max, min, max, 0})));
  EXPECT_TRUE(sameTensor((convert<float, uint8_t>({-1.f, 300.f, 255.9f, float(-kInf)})),
                         tensor<uint8_t>({4}, {0, 255, 255, 0})));
  EXPECT_TRUE(
      sameTensor((convert<double, int64_t>({9.3e18, -9.3e18, 9007199254740993.0})),
                 tensor<int64_t>({3}, {std::numeric_limits<int64_t>::max(),
                                       std::numeric_limits<int64_t>::min(), 9007199254740992})));
  EXPECT_TRUE(sameTensor((convert<double, uint64_t>({1.8446744073709552e19, 42.9})),
                         tensor<uint64_t>({2}, {~0ull, 42})));
  EXPECT_TRUE(sameTensor((convert<double, int8_t>({127.9, -128.9, 128.0})),
                         tensor<int8_t>({3}, {127, -128, 127})));
}

TEST_F(RefConvertTest, IntegersWrapAndBooleansAreNonZero) {
  EXPECT_TRUE(sameTensor((convert<int32_t, int8_t>({300, -129, 127})),
                         tensor<int8_t>({3}, {44, 127, 127})));
  EXPECT_TRUE(sameTensor((convert<int8_t, uint8_t>({-1, 5})), tensor<uint8_t>({2}, {255, 5})));
  EXPECT_TRUE(
      sameTensor((convert<uint32_t, int64_t>({4000000000u})), tensor<int64_t>({1}, {4000000000})));
  EXPECT_TRUE(
      sameTensor((convert<int32_t, bool>({2, 0, -1})), tensor<bool>({3}, {true, false, true})));
  EXPECT_TRUE(sameTensor((convert<float, bool>({0.5f, -0.f, float(kNaN)})),
                         tensor<bool>({3}, {true, false, true})));
  EXPECT_TRUE(sameTensor((convert<bool, float>({true, false})), tensor<float>({2}, {1.f, 0.f})));
  EXPECT_TRUE(sameTensor((convert<bool, int16_t>({true})), tensor<int16_t>({1}, {1})));
  EXPECT_TRUE(
      sameTensor((convert<double, float>({0.1, 1e300})), tensor<float>({2}, {0.1f, float(kInf)})));
  EXPECT_TRUE(sameTensor((convert<uint64_t, double>({~0ull})),
                         tensor<double>({1}, {18446744073709551616.0})));
}

TEST_F(ReferenceTest, ClampWithScalarAndFullBounds) {
  Value* x = input(tensor<int32_t>({4}, {-5, 0, 5, 10}));
  Value* lo = input(Tensor::scalar<int32_t>(-1));
  Value* hi = input(tensor<int32_t>({4}, {0, 0, 3, 20}));
  EXPECT_TRUE(sameTensor(run(b.clamp(lo, x, hi)), tensor<int32_t>({4}, {-1, 0, 3, 10})));
}

TEST_F(ReferenceTest, ClampPropagatesNaN) {
  Value* x = input(tensor<float>({2}, {float(kNaN), 2.f}));
  Value* lo = input(Tensor::scalar<float>(0.f));
  Value* hi = input(Tensor::scalar<float>(1.f));
  EXPECT_TRUE(sameTensor(run(b.clamp(lo, x, hi)), tensor<float>({2}, {float(kNaN), 1.f})));
}

TEST_F(ReferenceTest, SelectWithScalarAndFullPredicate) {
  Value* t = input(tensor<uint16_t>({3}, {1, 2, 3}));
  Value* f = input(tensor<uint16_t>({3}, {7, 8, 9}));
  Value* full = input(tensor<bool>({3}, {true, false, true}));
  Value* scalar = input(Tensor::scalar<bool>(false));
  auto results = run({b.select(full, t, f), b.select(scalar, t, f)});
  EXPECT_TRUE(sameTensor(results[0], tensor<uint16_t>({3}, {1, 8, 3})));
  EXPECT_TRUE(sameTensor(results[1], tensor<uint16_t>({3}, {7, 8, 9})));
}

TEST_F(ReferenceTest, IotaAlongEachDimension) {
  auto results = run({b.iota({ElementType::i32, {2, 3}}, 1), b.iota({ElementType::f64, {2, 3}}, 0),
                      b.iota({ElementType::ui8, {300}}, 0)});
  EXPECT_TRUE(sameTensor(results[0], tensor<int32_t>({2, 3}, {0, 1, 2, 0, 1, 2})));
  EXPECT_TRUE(sameTensor(results[1], tensor<double>({2, 3}, {0, 0, 0, 1, 1, 1})));
  EXPECT_EQ(results[2].get<uint8_t>(299), 299 % 256); // integer conversion wraps
}

TEST_F(ReferenceTest, ConstantIsItsValue) {
  const Tensor value = tensor<int64_t>({2}, {-3, 4});
  EXPECT_TRUE(sameTensor(run(b.constant(value)), value));
}

TEST_F(ReferenceTest, InputsMustMatchTheSignature) {
  Value* x = input(tensor<float>({2}, {1, 2}));
  fn.setResults({b.add(x, x)});
  const std::vector<Tensor> wrong = {tensor<float>({3}, {1, 2, 3})};
  EXPECT_THROW(interpret(module, fn, wrong), RuntimeError);
  EXPECT_THROW(interpret(module, fn, {}), RuntimeError);
}

} // namespace
} // namespace hlotrain::cpu::reftest
