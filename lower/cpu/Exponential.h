#pragma once
// exp of f32 on the fast path. Its compiled loops (VectorLoop) evaluate it with AVX-512 in the
// very operations below, so compiled and interpreted fused loops give the same bits (the
// reference interpreter keeps libm's expf). Cephes' expf, as Eigen's: x clamped to [−104, 89]
// (beyond, exp rounds to 0 or overflows either way), n = ⌊x·log2(e) + 1/2⌋, r = x − n·ln 2 in two
// Cody–Waite parts, exp(r) by a degree-7 polynomial, scaled by 2^n with one rounding (vscalefps,
// ldexp), so denormal and overflowing results round as the exact value would. Within 2 ulp of
// exp over all of f32 (tests/lower/cpu/ExponentialTest.cpp); NaN stays NaN. logistic is built on
// it the same way.

#include <bit>
#include <cmath>
#include <cstdint>

namespace hlotrain::cpu {

namespace exponential {
inline constexpr float kLow = -104.0f, kHigh = 89.0f;
inline constexpr float kLog2e = 1.44269504088896341f;
inline constexpr float kLn2High = 0.693359375f, kLn2Low = -2.12194440e-4f;
inline constexpr float kP[] = {1.9875691500e-4f, 1.3981999507e-3f, 8.3334519073e-3f,
                               4.1665795894e-2f, 1.6666665459e-1f, 5.0000001201e-1f};
} // namespace exponential

inline float fastExponential(float x) {
  using namespace exponential;
  if (std::isnan(x)) return x;
  const float t = std::min(std::max(x, kLow), kHigh);
  const float n = std::floor(std::fma(t, kLog2e, 0.5f));
  float r = std::fma(-n, kLn2High, t);
  r = std::fma(-n, kLn2Low, r);
  float y = kP[0];
  for (int k = 1; k < 6; ++k) y = std::fma(y, r, kP[k]);
  y = std::fma(y, r * r, r);
  y = y + 1.0f;
  return std::ldexp(y, static_cast<int>(n));
}

// logistic of f32 on the fast path, 1/(1 + exp(−x)) with fastExponential, compiled the same way.
inline float fastLogistic(float x) {
  return 1.0f / (1.0f + fastExponential(-x));
}

} // namespace hlotrain::cpu
