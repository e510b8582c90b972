#include "lower/cpu/DepthwiseWeights.h"

#include <omp.h>

#include <algorithm>
#include <optional>

#include "lower/cpu/Avx512.h"
#include "lower/cpu/Bf16Rounding.h"

namespace hlotrain::cpu::plan {

#if defined(__AVX512F__) && defined(__AVX512BW__) && defined(__AVX512VL__)

namespace {

using ir::ElementType;

constexpr int64_t kLanes = 16;
constexpr int64_t kMaxWidth = 7; // window columns kept in registers

// How an operand's slot holds the values the product multiplies: f32 values of an f32 product;
// f32 values that the graph converts to bf16 first (read through the convert, rounded here); or
// bf16 values.
enum class Operand { f32, roundedF32, bf16 };

std::optional<Operand> operandOf(const DnnlView& v) {
  if (v.type == ElementType::f32)
    return v.slotType == ElementType::f32 ? std::optional(Operand::f32) : std::nullopt;
  if (v.type != ElementType::bf16) return std::nullopt;
  return v.slotType == ElementType::f32 ? Operand::roundedF32 : Operand::bf16;
}

bool applies(const ConvProblem& p) {
  const auto x = operandOf(p.src), dy = operandOf(p.dst);
  const bool types =
      x && dy && p.src.type == p.dst.type &&
      (p.weights.slotType == ElementType::f32 || p.weights.slotType == p.weights.type) &&
      (p.weights.type == p.src.type || p.weights.type == ElementType::f32);
  return p.form == ConvForm::BackwardWeights && types && p.src.dims.size() == 4 &&
         p.weights.dims.size() == 5 && p.groups > 1 && p.groups == p.src.dims[1] &&
         p.groups == p.dst.dims[1] && p.weights.dims[1] == 1 && p.weights.dims[2] == 1 &&
         p.weights.dims[4] > 3 && p.weights.dims[4] <= kMaxWidth &&
         std::all_of(p.dilates.begin(), p.dilates.end(), [](int64_t d) { return d == 0; }) &&
         p.src.strides[1] == 1 && p.dst.strides[1] == 1;
}

// The 16 f32 values at `at` (masked), rounded to bf16 as ir::BFloat16 converts (Bf16Rounding.h).
__m512 loadRounded(__mmask16 mask, const float* at) {
  const __m512i u = _mm512_castps_si512(_mm512_maskz_loadu_ps(mask, at));
  const __m512i lowestKept = _mm512_and_si512(_mm512_srli_epi32(u, 16), _mm512_set1_epi32(1));
  __m512i r = _mm512_add_epi32(u, _mm512_add_epi32(lowestKept, _mm512_set1_epi32(0x7fff)));
  const __mmask16 nan = _mm512_cmpgt_epu32_mask(_mm512_and_si512(u, _mm512_set1_epi32(0x7fffffff)),
                                                _mm512_set1_epi32(0x7f800000));
  r = _mm512_mask_or_epi32(r, nan, u, _mm512_set1_epi32(0x00400000));
  return _mm512_castsi512_ps(_mm512_and_si512(r, _mm512_set1_epi32(int(0xffff0000u))));
}

// The 16 bf16 values at `at` (masked), widened to f32 exactly.
__m512 loadBf16(__mmask16 mask, const uint16_t* at) {
  const __m256i bits = _mm256_maskz_loadu_epi16(mask, at);
  return _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_cvtepu16_epi32(bits), 16));
}

// dW[c, a, b] = Σ over (n, ho, wo) of x[n, c, ho·s + a − pad, wo·s + b − pad] · dY[n, c, ho, wo],
// 16 channels at a time: per (sample, 16 channels, window row) the window row's products summed
// in f32 registers, those sums added in double per thread, the threads' doubles summed in thread
// order (a fixed split of the work: the same bits run to run at the same thread count). A bf16
// product (bf16 operands, f32 accumulation, its result rounded once to bf16, as oneDNN computes
// one) takes its operands' 16 channels of one sample as f32 values in a per-thread buffer, widened
// or rounded there once, so the window's loop is the f32 one: oneDNN 2.6 has no fast bf16 kernel
// for these windows either (jit_bf16's grouped one: 120 ms for one of ConvNeXt-T's 96-channel
// 7x7 ones at batch 32, bench/README.md).
class DepthwiseWeightsKernel : public Kernel {
public:
  DepthwiseWeightsKernel(const ConvProblem& p, int threads)
      : p_(p), threads_(threads), x_(*operandOf(p.src)), dy_(*operandOf(p.dst)), n_(p.src.dims[0]),
        c_(p.src.dims[1]), h_(p.src.dims[2]), w_(p.src.dims[3]), ho_(p.dst.dims[2]),
        wo_(p.dst.dims[3]), kh_(p.weights.dims[3]), kw_(p.weights.dims[4]),
        blocks_((c_ + kLanes - 1) / kLanes) {
    reads = {p.src.slot, p.dst.slot};
    writes = {p.weights.slot};
    planeFloats_ = x_ == Operand::f32 ? 0 : (h_ * w_ + ho_ * wo_) * kLanes;
    planesAt_ = BufferPlan::aligned(size_t(threads_) * size_t(c_ * kh_ * kw_) * sizeof(double));
    scratchBytes = planesAt_ + size_t(threads_) * size_t(planeFloats_) * sizeof(float);
  }

  void run(RunState& state) override {
    const uint8_t* x = operand(state, p_.src);
    const uint8_t* dy = operand(state, p_.dst);
    auto* sums = reinterpret_cast<double*>(state.scratch);
    const int64_t taps = c_ * kh_ * kw_;
    auto* planes = reinterpret_cast<float*>(state.scratch + planesAt_);
#pragma omp parallel num_threads(threads_)
    {
      const int thread = omp_get_thread_num();
      double* mine = sums + thread * taps;
      std::fill(mine, mine + taps, 0.0);
#pragma omp for schedule(static)
      for (int64_t item = 0; item < blocks_ * n_; ++item)
        accumulate(x, dy, item / n_, item % n_, mine, planes + thread * planeFloats_);
    }
    uint8_t* dw = state.slotData[static_cast<size_t>(p_.weights.slot)] +
                  p_.weights.offset * static_cast<int64_t>(ir::byteWidth(p_.weights.slotType));
    const bool rounds = p_.weights.type == ElementType::bf16;
    const bool bf16Slot = p_.weights.slotType == ElementType::bf16;
    const auto& s = p_.weights.strides; // {G, 1, 1, KH, KW}
    for (int64_t c = 0; c < c_; ++c)
      for (int64_t a = 0; a < kh_; ++a)
        for (int64_t b = 0; b < kw_; ++b) {
          const int64_t tap = (c * kh_ + a) * kw_ + b;
          double total = 0;
          for (int t = 0; t < threads_; ++t) total += sums[t * taps + tap];
          const auto value = static_cast<float>(total);
          const int64_t at = c * s[0] + a * s[3] + b * s[4];
          if (bf16Slot)
            reinterpret_cast<uint16_t*>(dw)[at] = bf16Bits(value);
          else
            reinterpret_cast<float*>(dw)[at] = rounds ? roundToBf16(value) : value;
        }
  }

  std::string describe() const override {
    return describeProblem(p_) + " [depthwise weights, avx512]";
  }

private:
  static const uint8_t* operand(RunState& state, const DnnlView& v) {
    return state.slotData[static_cast<size_t>(v.slot)] +
           v.offset * static_cast<int64_t>(ir::byteWidth(v.slotType));
  }

  // One sample's 16 channels of an operand as f32 values, element (r, j) at r·row + j·column.
  struct Plane {
    const float* at;
    int64_t row, column;
  };

  // The plane of `rows` x `columns` 16-channel vectors at `at`, `row` and `column` elements (of
  // `kind`) apart: in place where they are f32 values, else widened or rounded into `buffer`.
  static Plane f32Plane(const uint8_t* at, Operand kind, int64_t rows, int64_t columns, int64_t row,
                        int64_t column, __mmask16 mask, float* buffer) {
    if (kind == Operand::f32) return {reinterpret_cast<const float*>(at), row, column};
    for (int64_t r = 0; r < rows; ++r)
      for (int64_t j = 0; j < columns; ++j) {
        const int64_t from = r * row + j * column;
        _mm512_store_ps(buffer + (r * columns + j) * kLanes,
                        kind == Operand::bf16
                            ? loadBf16(mask, reinterpret_cast<const uint16_t*>(at) + from)
                            : loadRounded(mask, reinterpret_cast<const float*>(at) + from));
      }
    return {buffer, columns * kLanes, kLanes};
  }

  // Sample n's products for channels [16·block, 16·block + 16), added into `sums`.
  void accumulate(const uint8_t* x, const uint8_t* dy, int64_t block, int64_t n, double* sums,
                  float* planes) const {
    switch (kw_) {
    case 4:
      return accumulate<4>(x, dy, block, n, sums, planes);
    case 5:
      return accumulate<5>(x, dy, block, n, sums, planes);
    case 6:
      return accumulate<6>(x, dy, block, n, sums, planes);
    default:
      return accumulate<7>(x, dy, block, n, sums, planes);
    }
  }

  // The same for a window KW wide: per window row, one pass over dY's rows with the row's KW
  // sums in registers.
  template <int KW>
  void accumulate(const uint8_t* x, const uint8_t* dy, int64_t block, int64_t n, double* sums,
                  float* planes) const {
    const int64_t c0 = block * kLanes, lanes = std::min(kLanes, c_ - c0);
    const __mmask16 mask = static_cast<__mmask16>((1u << lanes) - 1);
    const auto& xs = p_.src.strides;
    const auto& ds = p_.dst.strides;
    const int64_t xWidth = int64_t(ir::byteWidth(p_.src.slotType));
    const int64_t dyWidth = int64_t(ir::byteWidth(p_.dst.slotType));
    const int64_t sh = p_.strides[0], sw = p_.strides[1], ph = p_.padL[0], pw = p_.padL[1];
    const Plane xs16 =
        f32Plane(x + (n * xs[0] + c0) * xWidth, x_, h_, w_, xs[2], xs[3], mask, planes);
    const Plane dys16 = f32Plane(dy + (n * ds[0] + c0) * dyWidth, dy_, ho_, wo_, ds[2], ds[3], mask,
                                 planes + h_ * w_ * kLanes);
    const int64_t xColumn = xs16.column, dyColumn = dys16.column;
    for (int64_t a = 0; a < kh_; ++a) {
      __m512 acc[KW];
#pragma GCC unroll 8
      for (int b = 0; b < KW; ++b) acc[b] = _mm512_setzero_ps();
      for (int64_t ho = 0; ho < ho_; ++ho) {
        const int64_t r = ho * sh + a - ph;
        if (r < 0 || r >= h_) continue;
        const float* xRow = xs16.at + r * xs16.row;
        const float* dyRow = dys16.at + ho * dys16.row;
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
  Operand x_, dy_;
  int64_t n_, c_, h_, w_, ho_, wo_, kh_, kw_, blocks_, planeFloats_ = 0;
  size_t planesAt_ = 0; // the planes' buffers in the scratch memory, after the sums
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
