#include "lower/cpu/DepthwiseWeights.h"

#include <omp.h>

#include <algorithm>

#if defined(__AVX512F__)
#include <immintrin.h>
#endif

namespace hlotrain::cpu::plan {

#if defined(__AVX512F__)

namespace {

using ir::ElementType;

constexpr int64_t kLanes = 16;
constexpr int64_t kMaxWidth = 7; // window columns kept in registers

bool applies(const ConvProblem& p) {
  const bool f32 = p.src.type == ElementType::f32 && p.src.slotType == ElementType::f32 &&
                   p.dst.type == ElementType::f32 && p.dst.slotType == ElementType::f32 &&
                   p.weights.type == ElementType::f32 && p.weights.slotType == ElementType::f32;
  return p.form == ConvForm::BackwardWeights && f32 && p.src.dims.size() == 4 &&
         p.weights.dims.size() == 5 && p.groups > 1 && p.groups == p.src.dims[1] &&
         p.groups == p.dst.dims[1] && p.weights.dims[1] == 1 && p.weights.dims[2] == 1 &&
         p.weights.dims[4] > 3 && p.weights.dims[4] <= kMaxWidth &&
         std::all_of(p.dilates.begin(), p.dilates.end(), [](int64_t d) { return d == 0; }) &&
         p.src.strides[1] == 1 && p.dst.strides[1] == 1;
}

// dW[c, a, b] = Σ over (n, ho, wo) of x[n, c, ho·s + a − pad, wo·s + b − pad] · dY[n, c, ho, wo],
// 16 channels at a time: per (sample, 16 channels, window row) the window row's products summed
// in f32 registers, those sums added in double per thread, the threads' doubles summed in thread
// order (a fixed split of the work: the same bits run to run at the same thread count).
class DepthwiseWeightsKernel : public Kernel {
public:
  DepthwiseWeightsKernel(const ConvProblem& p, int threads)
      : p_(p), threads_(threads), n_(p.src.dims[0]), c_(p.src.dims[1]), h_(p.src.dims[2]),
        w_(p.src.dims[3]), ho_(p.dst.dims[2]), wo_(p.dst.dims[3]), kh_(p.weights.dims[3]),
        kw_(p.weights.dims[4]), blocks_((c_ + kLanes - 1) / kLanes) {
    reads = {p.src.slot, p.dst.slot};
    writes = {p.weights.slot};
    scratchBytes = size_t(threads_) * size_t(c_ * kh_ * kw_) * sizeof(double);
  }

  void run(RunState& state) override {
    const float* x = view(state, p_.src);
    const float* dy = view(state, p_.dst);
    auto* sums = reinterpret_cast<double*>(state.scratch);
    const int64_t taps = c_ * kh_ * kw_;
#pragma omp parallel num_threads(threads_)
    {
      double* mine = sums + omp_get_thread_num() * taps;
      std::fill(mine, mine + taps, 0.0);
#pragma omp for schedule(static)
      for (int64_t item = 0; item < blocks_ * n_; ++item)
        accumulate(x, dy, item / n_, item % n_, mine);
    }
    auto* dw = reinterpret_cast<float*>(state.slotData[static_cast<size_t>(p_.weights.slot)]) +
               p_.weights.offset;
    const auto& s = p_.weights.strides; // {G, 1, 1, KH, KW}
    for (int64_t c = 0; c < c_; ++c)
      for (int64_t a = 0; a < kh_; ++a)
        for (int64_t b = 0; b < kw_; ++b) {
          const int64_t tap = (c * kh_ + a) * kw_ + b;
          double total = 0;
          for (int t = 0; t < threads_; ++t) total += sums[t * taps + tap];
          dw[c * s[0] + a * s[3] + b * s[4]] = static_cast<float>(total);
        }
  }

  std::string describe() const override {
    return describeProblem(p_) + " [depthwise weights, avx512]";
  }

private:
  static const float* view(RunState& state, const DnnlView& v) {
    return reinterpret_cast<const float*>(state.slotData[static_cast<size_t>(v.slot)]) + v.offset;
  }

  // Sample n's products for channels [16·block, 16·block + 16), added into `sums`.
  void accumulate(const float* x, const float* dy, int64_t block, int64_t n, double* sums) const {
    switch (kw_) {
    case 4:
      return accumulate<4>(x, dy, block, n, sums);
    case 5:
      return accumulate<5>(x, dy, block, n, sums);
    case 6:
      return accumulate<6>(x, dy, block, n, sums);
    default:
      return accumulate<7>(x, dy, block, n, sums);
    }
  }

  // The same for a window KW wide: per window row, one pass over dY's rows with the row's KW
  // sums in registers.
  template <int KW>
  void accumulate(const float* x, const float* dy, int64_t block, int64_t n, double* sums) const {
    const int64_t c0 = block * kLanes, lanes = std::min(kLanes, c_ - c0);
    const __mmask16 mask = static_cast<__mmask16>((1u << lanes) - 1);
    const auto& xs = p_.src.strides;
    const auto& ds = p_.dst.strides;
    const int64_t sh = p_.strides[0], sw = p_.strides[1], ph = p_.padL[0], pw = p_.padL[1];
    const int64_t xColumn = xs[3], dyColumn = ds[3];
    for (int64_t a = 0; a < kh_; ++a) {
      __m512 acc[KW];
#pragma GCC unroll 8
      for (int b = 0; b < KW; ++b) acc[b] = _mm512_setzero_ps();
      for (int64_t ho = 0; ho < ho_; ++ho) {
        const int64_t r = ho * sh + a - ph;
        if (r < 0 || r >= h_) continue;
        const float* xRow = x + n * xs[0] + r * xs[2] + c0;
        const float* dyRow = dy + n * ds[0] + ho * ds[2] + c0;
        for (int64_t wo = 0; wo < wo_; ++wo) {
          const __m512 g = _mm512_maskz_loadu_ps(mask, dyRow + wo * dyColumn);
          const int64_t col = wo * sw - pw;
          const float* at = xRow + col * xColumn;
          if (col >= 0 && col + KW <= w_) {
#pragma GCC unroll 8
            for (int b = 0; b < KW; ++b)
              acc[b] = _mm512_fmadd_ps(_mm512_maskz_loadu_ps(mask, at + b * xColumn), g, acc[b]);
            continue;
          }
#pragma GCC unroll 8
          for (int b = 0; b < KW; ++b)
            if (col + b >= 0 && col + b < w_)
              acc[b] = _mm512_fmadd_ps(_mm512_maskz_loadu_ps(mask, at + b * xColumn), g, acc[b]);
        }
      }
      alignas(64) float lane[kLanes];
#pragma GCC unroll 8
      for (int b = 0; b < KW; ++b) {
        _mm512_store_ps(lane, acc[b]);
        for (int64_t i = 0; i < lanes; ++i) sums[((c0 + i) * kh_ + a) * kw_ + b] += lane[i];
      }
    }
  }

  ConvProblem p_;
  int threads_;
  int64_t n_, c_, h_, w_, ho_, wo_, kh_, kw_, blocks_;
};

} // namespace

std::unique_ptr<Kernel> makeDepthwiseWeightsKernel(const ConvProblem& problem, int threads) {
  if (!applies(problem)) return nullptr;
  return std::make_unique<DepthwiseWeightsKernel>(problem, threads);
}

#else

std::unique_ptr<Kernel> makeDepthwiseWeightsKernel(const ConvProblem&, int) {
  return nullptr;
}

#endif

} // namespace hlotrain::cpu::plan
