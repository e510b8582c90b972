#pragma once
// f32 -> bf16 as ir::BFloat16 converts (round to nearest even, overflow to inf, NaN made quiet
// with its sign and leading payload), in bit operations only so that loops over it vectorize. The
// fused loops' converts and the im2col kernels' inputs and results round through it.

#include <bit>
#include <cstdint>

namespace hlotrain::cpu::plan {

// The f32 whose value is x rounded to bf16.
inline float roundToBf16(float x) {
  uint32_t u = std::bit_cast<uint32_t>(x);
  const bool nan = (u & 0x7fffffffu) > 0x7f800000u;
  u = nan ? (u | 0x00400000u) : u + 0x7fffu + ((u >> 16) & 1u);
  return std::bit_cast<float>(u & 0xffff0000u);
}

// x rounded to bf16, as its 16 bits.
inline uint16_t bf16Bits(float x) {
  return static_cast<uint16_t>(std::bit_cast<uint32_t>(roundToBf16(x)) >> 16);
}

} // namespace hlotrain::cpu::plan
