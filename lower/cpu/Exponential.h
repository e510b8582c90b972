#pragma once
// exp of f32 on the fast path. Its compiled loops (VectorLoop) evaluate it with AVX-512 in the
// very operations below, so compiled and interpreted fused loops give the same bits (the
// reference interpreter keeps libm's expf). Cephes' expf, as Eigen's: x clamped to [−104, 89]
// (beyond, exp rounds to 0 or overflows either way), n = ⌊x·log2(e) + 1/2⌋, r = x − n·ln 2 in two
// Cody–Waite parts, exp(r) by a degree-7 polynomial, scaled by 2^n with one rounding (vscalefps,
// ldexp), so denormal and overflowing results round as the exact value would. Within 2 ulp of
// exp over all of f32 (tests/lower/cpu/ExponentialTest.cpp); NaN stays NaN. logistic is built on
// it the same way; tanh is a rational function of its own.

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

namespace hyperbolic {
// Eigen's generic_fast_tanh_float: the rational form holds on ±kClamp and is x below kTiny. From
// kOne on tanh rounds to ±1 in f32 (1 − tanh(9.02) < 2^−25), which the form only approaches.
inline constexpr float kClamp = 7.90531110763549805f, kTiny = 0.0004f, kOne = 9.02f;
inline constexpr float kAlpha[] = {
    4.89352455891786e-03f,  6.37261928875436e-04f, 1.48572235717979e-05f, 5.12229709037114e-08f,
    -8.60467152213735e-11f, 2.00018790482477e-13f, -2.76076847742355e-16f};
inline constexpr float kBeta[] = {4.89352518554385e-03f, 2.26843463243900e-03f,
                                  1.18534705686654e-04f, 1.19825839466702e-06f};
} // namespace hyperbolic

// tanh of f32 on the fast path (GPT's GELU): x·P(x²)/Q(x²), P odd of degree 13 and Q of degree 6,
// x clamped to ±kClamp; x itself below kTiny, ±1 from kOne. Within 8 ulp of tanh over all of f32
// (tests/lower/cpu/FastVectorLoopTest.cpp), 4e-7 absolute; NaN stays NaN. Compiled the same way.
inline float fastTanh(float x) {
  using namespace hyperbolic;
  if (std::isnan(x)) return x;
  const float c = std::min(std::max(x, -kClamp), kClamp);
  const float x2 = c * c;
  float p = kAlpha[6];
  for (int k = 5; k >= 0; --k) p = std::fma(p, x2, kAlpha[k]);
  p = p * c;
  float q = kBeta[3];
  for (int k = 2; k >= 0; --k) q = std::fma(q, x2, kBeta[k]);
  const float a = std::fabs(x);
  return a < kTiny ? x : a >= kOne ? std::copysign(1.0f, x) : p / q;
}

} // namespace hlotrain::cpu
