#pragma once
// bf16 and f16: their storage types and the one conversion between them and wider floats. The
// parser, the printer, the interpreters, the checks and .npy I/O all convert through here, so a
// value rounds the same way wherever it is made.

#include <bit>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <type_traits>

namespace hlotrain::ir {

// An IEEE-754 binary float of 16 bits: sign, ExponentBits, MantissaBits (bf16: 8, 7; f16: 5, 10).
// A plain bit pattern with explicit conversions; it has no arithmetic of its own (ops compute in
// f32 and round, see lower/cpu/ReferenceScalar.h) and no operator==, because bitwise and IEEE
// equality differ and every caller must say which one it means.
template <int ExponentBits, int MantissaBits> struct HalfFloat {
  static_assert(1 + ExponentBits + MantissaBits == 16);
  static constexpr int kMantissaBits = MantissaBits;
  static constexpr int kBias = (1 << (ExponentBits - 1)) - 1;
  static constexpr uint16_t kSignMask = 0x8000;
  static constexpr uint16_t kExponentMask = ((1u << ExponentBits) - 1) << MantissaBits;
  static constexpr uint16_t kMantissaMask = (1u << MantissaBits) - 1;

  uint16_t bits; // trivial, like float, so tensors memcpy it; HalfFloat{} is +0

  HalfFloat() = default;
  // Round to nearest, ties to even, from the exact value of `value` (so f32 and f64 sources round
  // once). Beyond the largest finite value (plus half an ulp) is +-inf. NaN stays NaN: its sign
  // and leading payload bits are kept and it is made quiet, as x86 does when it narrows a NaN.
  explicit HalfFloat(double value) : bits(roundToBits(value)) {}
  // The same for an integer, rounded once from its exact value (int64 and uint64 included).
  template <std::integral I> explicit HalfFloat(I value) : bits(roundToBits(roundedToOdd(value))) {}
  static HalfFloat fromBits(uint16_t bits) {
    HalfFloat h;
    h.bits = bits;
    return h;
  }

  // Exact: every bf16 and f16 value, NaN payloads included, is an f32 and an f64 value.
  explicit operator double() const {
    const int exponent = (bits & kExponentMask) >> MantissaBits;
    const int mantissa = bits & kMantissaMask;
    const bool negative = (bits & kSignMask) != 0;
    if ((bits & kExponentMask) == kExponentMask) {
      const uint64_t sign = negative ? uint64_t{1} << 63 : 0;
      const uint64_t payload = uint64_t(mantissa) << (52 - MantissaBits);
      return std::bit_cast<double>(sign | (uint64_t{0x7FF} << 52) | payload);
    }
    // Subnormals have the exponent of the smallest normal and no implicit leading 1.
    const double magnitude = exponent == 0 ? std::ldexp(double(mantissa), 1 - kBias - MantissaBits)
                                           : std::ldexp(double(mantissa + (1 << MantissaBits)),
                                                        exponent - kBias - MantissaBits);
    return negative ? -magnitude : magnitude;
  }
  explicit operator float() const {
    if ((bits & kExponentMask) == kExponentMask) {
      const uint32_t sign = (bits & kSignMask) ? 0x80000000u : 0;
      const uint32_t payload = uint32_t(bits & kMantissaMask) << (23 - MantissaBits);
      return std::bit_cast<float>(sign | 0x7F800000u | payload);
    }
    return static_cast<float>(static_cast<double>(*this));
  }

  bool isNaN() const { return (bits & kExponentMask) == kExponentMask && (bits & kMantissaMask); }

private:
  // An integer as a double rounded to odd: the kept bits, the lowest ORed with every bit dropped.
  // Rounding that again to 8 or 11 bits gives the correctly rounded integer, where rounding to
  // nearest twice need not (the first rounding can make a tie that was not there).
  template <std::integral I> static double roundedToOdd(I value) {
    bool negative = false;
    if constexpr (std::is_signed_v<I>) negative = value < 0;
    uint64_t magnitude =
        negative ? uint64_t{0} - static_cast<uint64_t>(value) : static_cast<uint64_t>(value);
    const int dropped = static_cast<int>(std::bit_width(magnitude)) - 53;
    if (dropped > 0) {
      const bool sticky = (magnitude & ((uint64_t{1} << dropped) - 1)) != 0;
      magnitude = (magnitude >> dropped) | uint64_t{sticky};
    }
    const double exact = std::ldexp(static_cast<double>(magnitude), dropped > 0 ? dropped : 0);
    return negative ? -exact : exact;
  }

  static uint16_t roundToBits(double value) {
    const uint16_t sign = std::signbit(value) ? kSignMask : 0;
    if (std::isnan(value)) {
      const uint64_t payload = std::bit_cast<uint64_t>(value) >> (52 - MantissaBits);
      const uint16_t quiet = uint16_t{1} << (MantissaBits - 1);
      return sign | kExponentMask | (payload & kMantissaMask) | quiet;
    }
    const double magnitude = std::fabs(value);
    if (magnitude == 0) return sign;
    if (std::isinf(magnitude)) return sign | kExponentMask;
    int exponent = 0; // magnitude = m * 2^exponent with 1 <= m < 2
    std::frexp(magnitude, &exponent);
    exponent -= 1;
    if (exponent > kBias) return sign | kExponentMask;
    // Count in units of the result's last place (below the normal range, the subnormals' one);
    // scaling by a power of two is exact, so the one rounding is the integer rounding here.
    const int minNormalExponent = 1 - kBias;
    const int unitExponent =
        (exponent < minNormalExponent ? minNormalExponent : exponent) - MantissaBits;
    const double units = std::ldexp(magnitude, -unitExponent);
    double rounded = std::floor(units);
    const double fraction = units - rounded;
    if (fraction > 0.5 || (fraction == 0.5 && std::fmod(rounded, 2.0) != 0)) rounded += 1;
    const auto count = static_cast<uint32_t>(rounded); // at most 2^(MantissaBits + 1)
    // A count that rounded up to the next power of two carries into the exponent field, and from
    // the largest finite exponent on into the infinity pattern, which is what rounding asks.
    if (exponent < minNormalExponent) return static_cast<uint16_t>(sign | count);
    return static_cast<uint16_t>(sign | ((uint32_t(exponent + kBias - 1) << MantissaBits) + count));
  }
};

using BFloat16 = HalfFloat<8, 7>; // bf16: f32's exponent range, 8 significant bits
using Float16 = HalfFloat<5, 10>; // f16: IEEE binary16, 11 significant bits, max 65504

template <class T> constexpr bool kIsHalfFloat = false;
template <int E, int M> constexpr bool kIsHalfFloat<HalfFloat<E, M>> = true;

// A float storage type of ir::ElementType: float, double, BFloat16 or Float16.
template <class T> constexpr bool kIsFloatStorage = std::is_floating_point_v<T> || kIsHalfFloat<T>;

} // namespace hlotrain::ir
