#pragma once
// The element-level semantics of StableHLO's elementwise ops, one function per op, on the C++
// storage types of ir::ElementType (bool for i1; bf16 and f16 at the end of this file). Integer
// arithmetic wraps in two's complement and never relies on C++ undefined behaviour. Where the spec
// leaves a result open, the choice (XLA's, unless noted) is written beside the code; the fast path
// uses the same functions so both interpreters agree on every element.

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "ir/Op.h"

namespace hlotrain::cpu::ref {

template <class T> constexpr bool kIsBool = std::is_same_v<T, bool>;
template <class T> constexpr bool kIsFloat = std::is_floating_point_v<T>;
template <class T> constexpr bool kIsInt = std::is_integral_v<T> && !kIsBool<T>;
template <class T> constexpr bool kIsSignedInt = kIsInt<T>&& std::is_signed_v<T>;

// An unsigned type at least as wide as `unsigned`, so that arithmetic on it neither promotes to
// signed int (where overflow is UB) nor loses the low bits of T.
template <class T>
using Wrap = std::conditional_t<(sizeof(T) < sizeof(unsigned)), unsigned, std::make_unsigned_t<T>>;

// Classes of element types, as the spec's op signatures name them.
enum TypeClass : unsigned {
  kBool = 1,
  kSigned = 2,
  kUnsigned = 4,
  kFloat = 8,
  kInt = kSigned | kUnsigned,
  kNumeric = kInt | kFloat,
  kBoolOrInt = kBool | kInt,
  kSignedOrFloat = kSigned | kFloat,
  kAny = kBool | kNumeric,
};

template <class T> constexpr unsigned typeClassOf() {
  if constexpr (kIsBool<T>)
    return kBool;
  else if constexpr (ir::kIsFloatStorage<T>)
    return kFloat;
  else if constexpr (std::is_signed_v<T>)
    return kSigned;
  else
    return kUnsigned;
}

// Booleans: logical OR (spec).
template <class T> T add(T a, T b) {
  if constexpr (kIsBool<T>)
    return a || b;
  else if constexpr (kIsInt<T>)
    return static_cast<T>(Wrap<T>(a) + Wrap<T>(b));
  else
    return a + b;
}

template <class T> T subtract(T a, T b) {
  if constexpr (kIsInt<T>)
    return static_cast<T>(Wrap<T>(a) - Wrap<T>(b));
  else
    return a - b;
}

// Booleans: logical AND (spec).
template <class T> T multiply(T a, T b) {
  if constexpr (kIsBool<T>)
    return a && b;
  else if constexpr (kIsInt<T>)
    return static_cast<T>(Wrap<T>(a) * Wrap<T>(b));
  else
    return a * b;
}

// Integers truncate toward zero. Implementation-defined (XLA): x / 0 is all ones (-1 signed,
// the maximum unsigned) and INT_MIN / -1 is INT_MIN.
template <class T> T divide(T a, T b) {
  if constexpr (kIsInt<T>) {
    if (b == 0) return static_cast<T>(~Wrap<T>(0));
    if constexpr (kIsSignedInt<T>)
      if (a == std::numeric_limits<T>::min() && b == -1) return a;
    return static_cast<T>(a / b);
  } else {
    return a / b;
  }
}

// The sign of the dividend; floats: fmod (division rounded toward zero). Implementation-defined
// (XLA): x % 0 is x and INT_MIN % -1 is 0.
template <class T> T remainder(T a, T b) {
  if constexpr (kIsInt<T>) {
    if (b == 0) return a;
    if constexpr (kIsSignedInt<T>)
      if (a == std::numeric_limits<T>::min() && b == -1) return 0;
    return static_cast<T>(a % b);
  } else {
    return std::fmod(a, b);
  }
}

// IEEE-754 maximum: NaN propagates and -0 < +0. Booleans: logical OR.
template <class T> T maximum(T a, T b) {
  if constexpr (kIsFloat<T>) {
    if (std::isnan(a)) return a;
    if (std::isnan(b)) return b;
    if (a == b) return std::signbit(a) ? b : a;
  }
  return a > b ? a : b;
}

// IEEE-754 minimum: NaN propagates and -0 < +0. Booleans: logical AND.
template <class T> T minimum(T a, T b) {
  if constexpr (kIsFloat<T>) {
    if (std::isnan(a)) return a;
    if (std::isnan(b)) return b;
    if (a == b) return std::signbit(a) ? a : b;
  }
  return a < b ? a : b;
}

// Integers: exact power by squaring, wrapping. The spec does not define negative exponents;
// we return the truncated exact value: 1 for base 1, +-1 for base -1, 0 otherwise.
template <class T> T power(T a, T b) {
  if constexpr (kIsFloat<T>) {
    return std::pow(a, b);
  } else {
    if constexpr (kIsSignedInt<T>) {
      if (b < 0) {
        if (a == 1) return 1;
        if (a == -1) return (b & 1) ? -1 : 1;
        return 0;
      }
    }
    Wrap<T> base = static_cast<Wrap<T>>(a), result = 1;
    for (auto e = static_cast<std::make_unsigned_t<T>>(b); e != 0; e >>= 1) {
      if (e & 1) result *= base;
      base *= base;
    }
    return static_cast<T>(result);
  }
}

// Booleans: logical; integers: bitwise.
template <class T> T bitAnd(T a, T b) {
  return static_cast<T>(a & b);
}
template <class T> T bitOr(T a, T b) {
  return static_cast<T>(a | b);
}
template <class T> T bitXor(T a, T b) {
  return static_cast<T>(a ^ b);
}
template <class T> T bitNot(T a) {
  if constexpr (kIsBool<T>)
    return !a;
  else
    return static_cast<T>(~a);
}

// Integers wrap: -INT_MIN is INT_MIN, -x on unsigned is 2^N - x.
template <class T> T negate(T a) {
  if constexpr (kIsInt<T>)
    return static_cast<T>(Wrap<T>(0) - Wrap<T>(a));
  else
    return -a;
}

// abs(INT_MIN) wraps to INT_MIN (XLA).
template <class T> T abs(T a) {
  if constexpr (kIsFloat<T>)
    return std::fabs(a);
  else
    return a < 0 ? negate(a) : a;
}

// Floats: NaN stays NaN and +-0 keeps its sign.
template <class T> T sign(T a) {
  if constexpr (kIsFloat<T>) {
    if (std::isnan(a) || a == 0) return a;
    return a < 0 ? T(-1) : T(1);
  } else {
    return static_cast<T>((a > 0) - (a < 0));
  }
}

template <class T> T exponential(T a) {
  return std::exp(a);
}
template <class T> T log(T a) {
  return std::log(a);
}
template <class T> T logPlusOne(T a) {
  return std::log1p(a);
}
template <class T> T sqrt(T a) {
  return std::sqrt(a);
}
template <class T> T rsqrt(T a) {
  return T(1) / std::sqrt(a);
}
template <class T> T tanh(T a) {
  return std::tanh(a);
}
template <class T> T logistic(T a) {
  return T(1) / (T(1) + std::exp(-a));
}

// The spec leaves float -> integer out of range open; we follow XLA: truncate toward zero, NaN
// becomes 0, values beyond the range saturate. To i1 is `x != 0`; from i1 is 0 or 1; integer
// narrowing wraps.
template <class To, class From> To convert(From x) {
  if constexpr (kIsBool<To>) {
    return x != From(0);
  } else if constexpr (kIsFloat<From> && kIsInt<To>) {
    double t = std::trunc(static_cast<double>(x));
    if (std::isnan(t)) return 0;
    // Both bounds are powers of two (or zero), exact in double.
    const double low = static_cast<double>(std::numeric_limits<To>::min());
    const double highExclusive = std::ldexp(1.0, std::numeric_limits<To>::digits);
    if (t < low) return std::numeric_limits<To>::min();
    if (t >= highExclusive) return std::numeric_limits<To>::max();
    return static_cast<To>(t);
  } else {
    return static_cast<To>(x);
  }
}

// The IEEE-754 totalOrder key: -NaN < -Inf < ... < -0 < +0 < ... < +Inf < +NaN.
template <class T> auto totalOrderKey(T x) {
  using Bits = std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>;
  const Bits signBit = Bits(1) << (sizeof(T) * 8 - 1);
  Bits bits = std::bit_cast<Bits>(x);
  return (bits & signBit) ? Bits(~bits) : Bits(bits | signBit);
}

template <class T> bool compareValues(T a, T b, ir::ComparisonDirection direction) {
  switch (direction) {
  case ir::ComparisonDirection::EQ:
    return a == b;
  case ir::ComparisonDirection::NE:
    return a != b;
  case ir::ComparisonDirection::GE:
    return a >= b;
  case ir::ComparisonDirection::GT:
    return a > b;
  case ir::ComparisonDirection::LE:
    return a <= b;
  case ir::ComparisonDirection::LT:
    return a < b;
  }
  return false;
}

// FLOAT is IEEE (every comparison with NaN is false except NE); TOTALORDER orders by
// totalOrderKey; SIGNED/UNSIGNED read the integer's bits as that signedness; NOTYPE is the
// element type's natural comparison (SIGNED for signed integers, UNSIGNED for unsigned and i1).
template <class T>
bool compare(T a, T b, ir::ComparisonDirection direction, ir::ComparisonType type) {
  if constexpr (kIsFloat<T>) {
    if (type == ir::ComparisonType::TOTALORDER)
      return compareValues(totalOrderKey(a), totalOrderKey(b), direction);
    return compareValues(a, b, direction);
  } else if constexpr (kIsInt<T>) {
    if (type == ir::ComparisonType::SIGNED) {
      using S = std::make_signed_t<T>;
      return compareValues(static_cast<S>(a), static_cast<S>(b), direction);
    }
    if (type == ir::ComparisonType::UNSIGNED) {
      using U = std::make_unsigned_t<T>;
      return compareValues(static_cast<U>(a), static_cast<U>(b), direction);
    }
    return compareValues(a, b, direction);
  } else {
    return compareValues(a, b, direction);
  }
}

// ---- bf16 and f16 ----
// Each op computes in f64 on the exactly widened operands and rounds its result once to the
// element type (to nearest, ties to even; ir/HalfFloat.h), as the StableHLO interpreter does. For
// +, -, *, / and sqrt that is the correctly rounded result the spec asks for: f64 carries 53
// significant bits, at least 2p + 2 for bf16 (p = 8) and f16 (p = 11), and then rounding the f64
// result again cannot differ from rounding the exact one (S. Figueroa, "When is double rounding
// innocuous?", 1995). remainder, maximum, minimum, abs, negate, sign and the comparisons are exact
// in f64; exp, log, tanh, pow and the like are the f64 function's value, rounded once.
template <class T>
concept HalfFloat = ir::kIsHalfFloat<T>;

template <HalfFloat T> T add(T a, T b) {
  return T(add(double(a), double(b)));
}
template <HalfFloat T> T subtract(T a, T b) {
  return T(subtract(double(a), double(b)));
}
template <HalfFloat T> T multiply(T a, T b) {
  return T(multiply(double(a), double(b)));
}
template <HalfFloat T> T divide(T a, T b) {
  return T(divide(double(a), double(b)));
}
template <HalfFloat T> T remainder(T a, T b) {
  return T(remainder(double(a), double(b)));
}
template <HalfFloat T> T maximum(T a, T b) {
  return T(maximum(double(a), double(b)));
}
template <HalfFloat T> T minimum(T a, T b) {
  return T(minimum(double(a), double(b)));
}
template <HalfFloat T> T power(T a, T b) {
  return T(power(double(a), double(b)));
}
template <HalfFloat T> T negate(T a) {
  return T(negate(double(a)));
}
template <HalfFloat T> T abs(T a) {
  return T(abs(double(a)));
}
template <HalfFloat T> T sign(T a) {
  return T(sign(double(a)));
}
template <HalfFloat T> T exponential(T a) {
  return T(exponential(double(a)));
}
template <HalfFloat T> T log(T a) {
  return T(log(double(a)));
}
template <HalfFloat T> T logPlusOne(T a) {
  return T(logPlusOne(double(a)));
}
template <HalfFloat T> T sqrt(T a) {
  return T(sqrt(double(a)));
}
template <HalfFloat T> T rsqrt(T a) {
  return T(rsqrt(double(a)));
}
template <HalfFloat T> T tanh(T a) {
  return T(tanh(double(a)));
}
template <HalfFloat T> T logistic(T a) {
  return T(logistic(double(a)));
}
// Widening to f64 is exact and keeps the order of every value, NaN payloads included, so FLOAT
// and TOTALORDER compare as on f64.
template <HalfFloat T>
bool compare(T a, T b, ir::ComparisonDirection direction, ir::ComparisonType type) {
  return compare(double(a), double(b), direction, type);
}

// The type dot_general and convolution take their products and sums in: the result type itself,
// except bf16 and f16, which accumulate in f64 and round once per result element. XLA and
// oneDNN do the same (in f32), and the StableHLO testdata's expected values are theirs; rounding
// every partial sum to 8 or 11 bits would lose the low bits of any long sum.
template <class T> using Accumulator = std::conditional_t<ir::kIsHalfFloat<T>, double, T>;

// From bf16/f16: exactly widened to f32, then f32's rules (the same as f64's for every bf16 and
// f16 value). To bf16/f16: rounded once from the exact source value (ir::HalfFloat's
// constructors), overflow to +-inf, NaN stays NaN; from i1, 0 or 1.
template <class To, class From>
requires(ir::kIsHalfFloat<To> || ir::kIsHalfFloat<From>) To convert(From x) {
  if constexpr (ir::kIsHalfFloat<From>)
    return convert<To>(static_cast<float>(x));
  else if constexpr (kIsBool<From>)
    return To(x ? 1.0 : 0.0);
  else if constexpr (kIsInt<From>)
    return To(x);
  else
    return To(static_cast<double>(x));
}

} // namespace hlotrain::cpu::ref
