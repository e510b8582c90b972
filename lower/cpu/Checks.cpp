// The `check` dialect of the StableHLO test suites: each check compares an actual tensor with an
// expected one (an operand, or the op's `value` for the *_const forms) element by element and
// records the first mismatch.

#include "lower/cpu/Checks.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>
#include <string>
#include <type_traits>

#include "support/Error.h"

namespace hlotrain::cpu {

namespace {

using ir::OpKind;
using ir::Tensor;

template <class T> constexpr bool kIsFloat = ir::kIsFloatStorage<T>;

template <class T> auto bitsOf(T x) {
  if constexpr (ir::kIsHalfFloat<T>)
    return x.bits;
  else
    return std::bit_cast<std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>>(x);
}

template <class T> bool isNaN(T x) {
  if constexpr (ir::kIsHalfFloat<T>)
    return x.isNaN();
  else
    return std::isnan(x);
}

// IEEE equality (-0 == +0, NaN unequal to everything); bf16 and f16 through their exact f32.
template <class T> bool equalValues(T a, T e) {
  if constexpr (ir::kIsHalfFloat<T>)
    return static_cast<float>(a) == static_cast<float>(e);
  else
    return a == e;
}

// The significant decimal digits that read back to the exact value.
template <class T> constexpr int kRoundTripDigits = std::numeric_limits<T>::max_digits10;
template <> constexpr int kRoundTripDigits<ir::BFloat16> = 4;
template <> constexpr int kRoundTripDigits<ir::Float16> = 5;

std::string formatElement(const Tensor& t, int64_t i) {
  return ir::dispatch(t.elementType(), [&](auto tag) -> std::string {
    using T = decltype(tag);
    const T v = t.get<T>(i);
    if constexpr (std::is_same_v<T, bool>) {
      return v ? "true" : "false";
    } else if constexpr (kIsFloat<T>) {
      char buffer[64];
      std::snprintf(buffer, sizeof buffer, "%.*g", kRoundTripDigits<T>, static_cast<double>(v));
      return buffer;
    } else {
      return std::to_string(v);
    }
  });
}

// Floats: the number of representable values between a and e, counting -0 and +0 as one value;
// NaN is 0 from NaN and infinitely far from anything else. Integers: |a - e|.
template <class T> uint64_t ulpDistance(T a, T e) {
  if constexpr (kIsFloat<T>) {
    if (isNaN(a) || isNaN(e))
      return isNaN(a) && isNaN(e) ? 0 : std::numeric_limits<uint64_t>::max();
    if (equalValues(a, e)) return 0;
    auto key = [](T x) {
      const auto bits = bitsOf(x);
      const decltype(bits) sign = decltype(bits)(1) << (sizeof(T) * 8 - 1);
      const auto magnitude = static_cast<int64_t>(bits & ~sign);
      return (bits & sign) ? -magnitude : magnitude;
    };
    const int64_t ka = key(a), ke = key(e);
    return ka >= ke ? uint64_t(ka) - uint64_t(ke) : uint64_t(ke) - uint64_t(ka);
  } else {
    return a >= e ? uint64_t(a) - uint64_t(e) : uint64_t(e) - uint64_t(a);
  }
}

// Whether one element passes the check; on failure, `detail` says which bound was exceeded.
template <class T>
bool elementPasses(OpKind kind, const ir::Attributes& attrs, T a, T e, std::string& detail) {
  switch (kind) {
  case OpKind::check_expect_eq:
  case OpKind::check_expect_eq_const:
    if constexpr (kIsFloat<T>) {
      if (isNaN(a) && isNaN(e)) return true;
      if (bitsOf(a) == bitsOf(e)) return true;
    } else if (a == e) {
      return true;
    }
    detail = "exact equality required";
    return false;
  case OpKind::check_expect_almost_eq:
  case OpKind::check_expect_almost_eq_const: {
    if constexpr (kIsFloat<T>)
      if (isNaN(a) && isNaN(e)) return true;
    if (equalValues(a, e)) return true;
    const double difference = std::fabs(static_cast<double>(a) - static_cast<double>(e));
    if (difference <= attrs.tolerance) return true;
    char buffer[96];
    std::snprintf(buffer, sizeof buffer, "|actual - expected| = %.9g exceeds tolerance %.9g",
                  difference, attrs.tolerance);
    detail = buffer;
    return false;
  }
  case OpKind::check_expect_close: {
    const uint64_t distance = ulpDistance(a, e);
    const auto lo = static_cast<uint64_t>(std::max<int64_t>(attrs.minUlpDifference, 0));
    const auto hi = static_cast<uint64_t>(std::max<int64_t>(attrs.maxUlpDifference, 0));
    if (distance >= lo && distance <= hi) return true;
    bool nanVersusNumber = false;
    if constexpr (kIsFloat<T>) nanVersusNumber = isNaN(a) || isNaN(e);
    detail =
        "ULP distance " +
        (nanVersusNumber ? std::string("inf (NaN against a number)") : std::to_string(distance)) +
        " outside [" + std::to_string(attrs.minUlpDifference) + ", " +
        std::to_string(attrs.maxUlpDifference) + "]";
    return false;
  }
  default:
    break;
  }
  throw RuntimeError("internal: " + std::string(ir::opName(kind)) + " is not a check op");
}

std::optional<CheckFailure> firstMismatch(const ir::Op& op, const Tensor& actual,
                                          const Tensor& expected) {
  const std::string name(ir::opName(op.kind));
  if (actual.type() != expected.type() || actual.byteSize() != actual.type().byteSize() ||
      expected.byteSize() != expected.type().byteSize())
    return CheckFailure{name, -1, ir::toString(actual.type()), ir::toString(expected.type()),
                        "types differ"};
  return ir::dispatch(actual.elementType(), [&](auto tag) -> std::optional<CheckFailure> {
    using T = decltype(tag);
    std::string detail;
    for (int64_t i = 0; i < actual.numElements(); ++i)
      if (!elementPasses<T>(op.kind, op.attrs, actual.get<T>(i), expected.get<T>(i), detail))
        return CheckFailure{name, i, formatElement(actual, i), formatElement(expected, i), detail};
    return std::nullopt;
  });
}

bool comparesWithConstant(OpKind kind) {
  return kind == OpKind::check_expect_eq_const || kind == OpKind::check_expect_almost_eq_const;
}

} // namespace

void evaluateCheck(const ir::Op& op, std::span<const Tensor> operands, CheckLog& log) {
  const size_t needed = comparesWithConstant(op.kind) ? 1 : 2;
  if (operands.size() != needed)
    throw RuntimeError(std::string(ir::opName(op.kind)) + " takes " + std::to_string(needed) +
                       " operands, got " + std::to_string(operands.size()));
  const Tensor& expected = needed == 1 ? op.attrs.value : operands[1];
  std::optional<CheckFailure> failure = firstMismatch(op, operands[0], expected);
  if (!failure)
    ++log.passed;
  else if (!log.firstFailure)
    log.firstFailure = std::move(failure);
}

} // namespace hlotrain::cpu
