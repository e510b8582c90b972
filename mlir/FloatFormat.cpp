// Float literals as MLIR prints them (its AsmPrinter over llvm::APFloat::toString), so our text
// matches what XLA/JAX write: six significant digits in `%e` style when they re-parse to the same
// bits, else the 4 (bf16), 5 (f16), 9 (f32) or 17 (f64) digit form, else hex bits (NaN,
// infinities, and the rare value whose long form has no '.').

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "mlir/Attr.h"
#include "mlir/Printer.h"

namespace hlotrain::mlir {

namespace {

// |value| = digits × 10^exp; digits has no leading or trailing zeros.
struct Decimal {
  std::string digits;
  int exp = 0;
};

// A little-endian unsigned big integer, just enough for one float's exact decimal expansion.
class BigUint {
public:
  explicit BigUint(uint64_t v) {
    for (; v != 0; v >>= 32) words_.push_back(static_cast<uint32_t>(v));
  }
  void multiply(uint32_t factor) {
    uint64_t carry = 0;
    for (uint32_t& w : words_) {
      uint64_t t = uint64_t{w} * factor + carry;
      w = static_cast<uint32_t>(t);
      carry = t >> 32;
    }
    if (carry) words_.push_back(static_cast<uint32_t>(carry));
  }
  size_t bitLength() const {
    if (words_.empty()) return 0;
    return 32 * (words_.size() - 1) + (32 - static_cast<size_t>(__builtin_clz(words_.back())));
  }
  std::string decimal() const {
    std::vector<uint32_t> n = words_;
    std::string out;
    while (!n.empty()) {
      uint64_t rem = 0;
      for (size_t i = n.size(); i-- > 0;) {
        uint64_t cur = (rem << 32) | n[i];
        n[i] = static_cast<uint32_t>(cur / 1000000000);
        rem = cur % 1000000000;
      }
      while (!n.empty() && n.back() == 0) n.pop_back();
      for (int k = 0; k < 9 && (!n.empty() || rem != 0); ++k, rem /= 10)
        out.insert(out.begin(), static_cast<char>('0' + rem % 10));
    }
    return out.empty() ? "0" : out;
  }

private:
  std::vector<uint32_t> words_;
};

// APFloat's rounding to `precision` significant digits: half up, trailing zeros dropped.
void roundTo(Decimal& d, size_t precision) {
  if (d.digits.size() > precision) {
    bool up = d.digits[precision] >= '5';
    d.exp += static_cast<int>(d.digits.size() - precision);
    d.digits.resize(precision);
    if (up) {
      size_t i = precision;
      while (i > 0 && d.digits[i - 1] == '9') d.digits[--i] = '0';
      if (i == 0)
        d.digits.insert(d.digits.begin(), '1');
      else
        ++d.digits[i - 1];
    }
  }
  while (d.digits.size() > 1 && d.digits.back() == '0') {
    d.digits.pop_back();
    ++d.exp;
  }
}

// APFloat::toString's digits of a finite nonzero |value| at `precision` significant digits: the
// exact significand, first cut (truncating) by whole decimal digits to about `precision` digits'
// worth of bits, then rounded half up.
Decimal significantDigits(double magnitude, size_t precision) {
  int binaryExp = 0;
  double mantissa = std::frexp(magnitude, &binaryExp);
  auto n = static_cast<uint64_t>(std::ldexp(mantissa, 53));
  binaryExp -= 53;
  while ((n & 1) == 0) {
    n >>= 1;
    ++binaryExp;
  }
  // magnitude = n × 2^binaryExp = s × 10^exp
  BigUint s(n);
  for (int i = 0; i < std::abs(binaryExp); ++i) s.multiply(binaryExp > 0 ? 2 : 5);
  Decimal d;
  d.digits = s.decimal();
  d.exp = std::min(binaryExp, 0);
  size_t bits = s.bitLength();
  size_t bitsRequired = (precision * 196 + 58) / 59;
  if (bits > bitsRequired) {
    size_t cut = std::min((bits - bitsRequired) * 59 / 196, d.digits.size() - 1);
    d.digits.resize(d.digits.size() - cut);
    d.exp += static_cast<int>(cut);
  }
  roundTo(d, precision);
  return d;
}

std::string exponentText(int exp, size_t minDigits) {
  std::string digits = std::to_string(std::abs(exp));
  if (digits.size() < minDigits) digits.insert(0, minDigits - digits.size(), '0');
  return (exp < 0 ? "-" : "+") + digits;
}

// `1.234560e+00`: six significant digits, always six decimals.
std::string shortForm(double magnitude) {
  Decimal d = significantDigits(magnitude, 6);
  int exp10 = d.exp + static_cast<int>(d.digits.size()) - 1;
  std::string s = d.digits.substr(0, 1) + "." + d.digits.substr(1);
  s.append(6 - (d.digits.size() - 1), '0');
  return s + "e" + exponentText(exp10, 2);
}

// APFloat's default form: enough digits to round-trip, plain notation for moderate exponents.
std::string longForm(double magnitude, size_t precision) {
  Decimal d = significantDigits(magnitude, precision);
  const int n = static_cast<int>(d.digits.size());
  bool scientific;
  if (d.exp >= 0)
    scientific = d.exp > 3 || n + d.exp > static_cast<int>(precision);
  else
    scientific = d.exp + n - 1 < -3;
  if (scientific) {
    std::string s = d.digits.substr(0, 1) + "." + (n == 1 ? "0" : d.digits.substr(1));
    return s + "E" + exponentText(d.exp + n - 1, 1);
  }
  if (d.exp >= 0) return d.digits + std::string(static_cast<size_t>(d.exp), '0');
  int whole = d.exp + n;
  if (whole > 0) return d.digits.substr(0, whole) + "." + d.digits.substr(whole);
  return "0." + std::string(static_cast<size_t>(-whole), '0') + d.digits;
}

template <class T> auto bitsOf(T value) {
  if constexpr (ir::kIsHalfFloat<T>)
    return value.bits;
  else
    return std::bit_cast<std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>>(value);
}

template <class T> bool reparsesTo(const std::string& text, T value) {
  return bitsOf(decimalFloat<T>(text)) == bitsOf(value);
}

// APFloat::toString's default precision, 2 + floor(p * 59 / 196) for p significant bits: enough
// digits to round-trip.
template <class T> constexpr size_t kDefaultDigits = 17;
template <> constexpr size_t kDefaultDigits<float> = 9;
template <> constexpr size_t kDefaultDigits<ir::Float16> = 5;
template <> constexpr size_t kDefaultDigits<ir::BFloat16> = 4;

template <class T> std::string hexBits(T value) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%0*llX", static_cast<int>(2 * sizeof(T)),
                static_cast<unsigned long long>(bitsOf(value)));
  return buf;
}

template <class T> std::string format(T value) {
  const double v = static_cast<double>(value); // exact for every T
  if (!std::isfinite(v)) return hexBits(value);
  std::string sign = std::signbit(v) ? "-" : "";
  if (v == 0) return sign + "0.000000e+00";
  double magnitude = std::fabs(v);
  std::string text = sign + shortForm(magnitude);
  if (reparsesTo(text, value)) return text;
  text = sign + longForm(magnitude, kDefaultDigits<T>);
  return text.find('.') != std::string::npos ? text : hexBits(value);
}

} // namespace

std::string formatFloat(float value) {
  return format(value);
}
std::string formatFloat(double value) {
  return format(value);
}
std::string formatFloat(ir::BFloat16 value) {
  return format(value);
}
std::string formatFloat(ir::Float16 value) {
  return format(value);
}

} // namespace hlotrain::mlir
