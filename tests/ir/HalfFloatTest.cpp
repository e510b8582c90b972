// bf16 and f16: exact widening, round-to-nearest-even narrowing from f64, f32 and integers,
// overflow, gradual underflow and NaN, checked against hand-worked values and, for f32 -> bf16,
// against the classic bit-twiddling rounding of the upper 16 bits.

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

#include "ir/HalfFloat.h"
#include "ir/Type.h"
#include "support/Xorshift.h"

namespace hlotrain::ir {
namespace {

uint16_t bf16(double x) {
  return BFloat16(x).bits;
}
uint16_t f16(double x) {
  return Float16(x).bits;
}

TEST(HalfFloat, ElementTypes) {
  ElementType t{};
  ASSERT_TRUE(parseElementType("bf16", t));
  EXPECT_EQ(t, ElementType::bf16);
  ASSERT_TRUE(parseElementType("f16", t));
  EXPECT_EQ(t, ElementType::f16);
  EXPECT_EQ(name(ElementType::bf16), "bf16");
  EXPECT_EQ(byteWidth(ElementType::f16), 2u);
  EXPECT_EQ(bitWidth(ElementType::bf16), 16);
  EXPECT_TRUE(isFloat(ElementType::bf16) && isFloat(ElementType::f16));
  EXPECT_FALSE(isInteger(ElementType::f16));
  EXPECT_EQ(toString(TensorType{ElementType::bf16, {2, 3}}), "tensor<2x3xbf16>");
  EXPECT_EQ(toString(TensorType{ElementType::f16, {}}), "tensor<f16>");
  EXPECT_EQ(elementTypeOf<BFloat16>(), ElementType::bf16);
  EXPECT_EQ(elementTypeOf<Float16>(), ElementType::f16);
}

// Widening is exact and narrowing it back gives the same bits, for every pattern (NaNs: every
// quiet one; a signalling NaN comes back quiet).
template <class H> void expectEveryPatternRoundTrips() {
  const uint16_t quiet = uint16_t{1} << (H::kMantissaBits - 1);
  for (uint32_t b = 0; b <= 0xFFFF; ++b) {
    const H h = H::fromBits(static_cast<uint16_t>(b));
    const uint16_t expected = h.isNaN() ? static_cast<uint16_t>(b | quiet) : h.bits;
    ASSERT_EQ(H(static_cast<double>(h)).bits, expected) << std::hex << b;
    ASSERT_EQ(H(static_cast<float>(h)).bits, expected) << std::hex << b;
    ASSERT_EQ(std::isnan(static_cast<double>(h)), h.isNaN()) << std::hex << b;
  }
}

TEST(HalfFloat, EveryPatternRoundTrips) {
  expectEveryPatternRoundTrips<BFloat16>();
  expectEveryPatternRoundTrips<Float16>();
}

TEST(HalfFloat, WideningValues) {
  EXPECT_EQ(static_cast<double>(BFloat16::fromBits(0x3F80)), 1.0);
  EXPECT_EQ(static_cast<double>(BFloat16::fromBits(0xC020)), -2.5);
  EXPECT_EQ(static_cast<double>(BFloat16::fromBits(0x0001)), std::ldexp(1.0, -133));
  EXPECT_EQ(static_cast<double>(Float16::fromBits(0x7BFF)), 65504.0);
  EXPECT_EQ(static_cast<double>(Float16::fromBits(0x0001)), std::ldexp(1.0, -24));
  EXPECT_EQ(static_cast<double>(Float16::fromBits(0x0400)), std::ldexp(1.0, -14));
  EXPECT_TRUE(std::signbit(static_cast<double>(Float16::fromBits(0x8000))));
  EXPECT_EQ(static_cast<double>(Float16::fromBits(0xFC00)),
            -std::numeric_limits<double>::infinity());
  EXPECT_EQ(std::bit_cast<uint32_t>(static_cast<float>(BFloat16::fromBits(0xFFC1))), 0xFFC10000u);
  EXPECT_EQ(std::bit_cast<uint32_t>(static_cast<float>(Float16::fromBits(0x7E01))), 0x7FC02000u);
}

TEST(HalfFloat, RoundsToNearestEven) {
  // bf16: 1 + 2^-8 is halfway between 1 and 1 + 2^-7: the even one, 1.
  EXPECT_EQ(bf16(1 + std::ldexp(1.0, -8)), 0x3F80);
  EXPECT_EQ(bf16(1 + 3 * std::ldexp(1.0, -8)), 0x3F82);
  EXPECT_EQ(bf16(1 + std::ldexp(1.0, -8) + std::ldexp(1.0, -30)), 0x3F81);
  EXPECT_EQ(bf16(-(1 + std::ldexp(1.0, -8))), 0xBF80);
  EXPECT_EQ(bf16(0.1), 0x3DCD);
  // f16: 1 + 2^-11 to 1, 1 + 3 * 2^-11 to 1 + 2^-9; 2049 to 2048, 2051 to 2052.
  EXPECT_EQ(f16(1 + std::ldexp(1.0, -11)), 0x3C00);
  EXPECT_EQ(f16(1 + 3 * std::ldexp(1.0, -11)), 0x3C02);
  EXPECT_EQ(f16(2049), 0x6800);
  EXPECT_EQ(f16(2051), 0x6802);
  EXPECT_EQ(f16(0.1), 0x2E66);
}

TEST(HalfFloat, OverflowAndUnderflow) {
  EXPECT_EQ(f16(65504), 0x7BFF);
  EXPECT_EQ(f16(65519.99), 0x7BFF);
  EXPECT_EQ(f16(65520), 0x7C00); // the tie with the even neighbour beyond 65504
  EXPECT_EQ(f16(-1e300), 0xFC00);
  EXPECT_EQ(bf16(std::numeric_limits<float>::max()), 0x7F80);
  EXPECT_EQ(bf16(3.3895313892515355e38), 0x7F7F); // bf16's largest finite value
  EXPECT_EQ(bf16(std::numeric_limits<double>::infinity()), 0x7F80);
  // f16 subnormals are multiples of 2^-24: 2^-25 is a tie with 0, 3 * 2^-25 one with 2^-23.
  EXPECT_EQ(f16(std::ldexp(1.0, -24)), 0x0001);
  EXPECT_EQ(f16(std::ldexp(1.0, -25)), 0x0000);
  EXPECT_EQ(f16(-std::ldexp(1.0, -25)), 0x8000);
  EXPECT_EQ(f16(std::ldexp(3.0, -25)), 0x0002);
  EXPECT_EQ(f16(std::ldexp(1023.5, -24)), 0x0400); // the largest subnormal rounds up to normal
  EXPECT_EQ(bf16(std::ldexp(1.0, -134)), 0x0000);
  EXPECT_EQ(bf16(std::ldexp(3.0, -134)), 0x0002);
  EXPECT_EQ(bf16(1e-300), 0x0000);
  EXPECT_EQ(bf16(-0.0), 0x8000);
}

TEST(HalfFloat, NaNStaysNaN) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(bf16(nan), 0x7FC0);
  EXPECT_EQ(f16(nan), 0x7E00);
  EXPECT_EQ(bf16(-nan), 0xFFC0);
  EXPECT_EQ(f16(-nan), 0xFE00);
  // A signalling NaN keeps its leading payload and is made quiet, never turned into infinity.
  const double signalling = std::bit_cast<double>(uint64_t{0x7FF4000000000000});
  EXPECT_EQ(bf16(signalling), 0x7FE0);
  EXPECT_EQ(f16(std::bit_cast<double>(uint64_t{0x7FF0000000000001})), 0x7E00);
}

TEST(HalfFloat, IntegersRoundOnceFromTheirExactValue) {
  EXPECT_EQ(BFloat16(257).bits, 0x4380); // 256
  EXPECT_EQ(BFloat16(259).bits, 0x4382); // 260
  EXPECT_EQ(BFloat16(-3).bits, 0xC040);
  EXPECT_EQ(BFloat16(0).bits, 0x0000);
  // 2^60 + 2^52 + 1 is just above the tie between 2^60 and 2^60 + 2^53; rounding it to f64 first
  // would land on the tie and then on 2^60.
  const uint64_t justAboveTie = (uint64_t{1} << 60) + (uint64_t{1} << 52) + 1;
  EXPECT_EQ(BFloat16(justAboveTie).bits, 0x5D81);
  EXPECT_EQ(BFloat16(static_cast<double>(justAboveTie)).bits, 0x5D80);
  EXPECT_EQ(BFloat16(-static_cast<int64_t>(justAboveTie)).bits, 0xDD81);
  EXPECT_EQ(BFloat16(std::numeric_limits<int64_t>::min()).bits, 0xDF00);
  EXPECT_EQ(BFloat16(std::numeric_limits<uint64_t>::max()).bits, 0x5F80);
  EXPECT_EQ(Float16(65519).bits, 0x7BFF);
  EXPECT_EQ(Float16(65520).bits, 0x7C00);
  EXPECT_EQ(Float16(std::numeric_limits<uint64_t>::max()).bits, 0x7C00);
}

// Narrowing an f32 to bf16 is rounding away its low 16 bits, which the well-known integer form
// does for finite values: add 0x7FFF plus the lowest kept bit, then truncate.
TEST(HalfFloat, BFloat16MatchesTheIntegerRoundingOfF32) {
  uint64_t state = 12345;
  for (int i = 0; i < 200000; ++i) {
    state = xorshift64(state);
    const auto bits = static_cast<uint32_t>(state);
    const float f = std::bit_cast<float>(bits);
    if (std::isnan(f)) continue;
    const auto expected = static_cast<uint16_t>((bits + 0x7FFFu + ((bits >> 16) & 1u)) >> 16);
    ASSERT_EQ(BFloat16(f).bits, expected) << std::hex << bits;
  }
}

} // namespace
} // namespace hlotrain::ir
