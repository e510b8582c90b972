#include "lower/cpu/Im2colWeights.h"

#include <algorithm>
#include <cstring>
#include <unordered_map>

#include "lower/cpu/Bf16Rounding.h"

namespace hlotrain::cpu::plan {

namespace {

using dnnl::memory;
using ir::ElementType;

// Where the weight gradient pays as a matmul on AMX. oneDNN 2.6's bf16 backward-weights kernels
// there are its older jit ones (no brgemm), at 100-530 GFLOP/s on ResNet's strided and 7x7
// shapes, where its brgemm matmul runs at 400-1200 (bench/README.md, "Session 15", batch 32):
// strided convolutions (the downsampling 3x3 and 1x1 ones: 256 -> 512 channels 3x3 14.1 -> 5.3
// ms, 1x1 3.9 -> 1.3 ms) and maps of at most 7x7 (512 channels 3x3: 14.0 -> 8.5 ms). dY is the
// matmul's lhs as laid out, rows of channels (its transpose): past ~8192 rows (32 x 28 x 28
// and up) the matmul on it ran at half speed, slower than oneDNN's 3x3 kernels (64 -> 128
// channels: 11.2 against 7.1 ms), not than its strided 1x1 ones (3.4 against 5.3). At 14x14 and
// more, stride 1, the two ran even (256 channels: 8.1 and 8.0 ms). Below 64 input channels each
// copy of the im2col is short (the 3-channel stem's 7x7 window would copy 147 elements per output
// pixel): oneDNN keeps those.
bool pays(const ConvProblem& p) {
  const bool strided =
      std::any_of(p.strides.begin(), p.strides.end(), [](int64_t s) { return s > 1; });
  const int64_t rows = p.dst.dims[0] * p.dst.dims[2] * p.dst.dims[3];
  const bool pointwise = p.weights.dims[2] * p.weights.dims[3] == 1;
  return p.src.dims[1] >= 64 &&
         ((strided && (rows <= 8192 || pointwise)) || p.dst.dims[2] * p.dst.dims[3] <= 7 * 7);
}

bool applies(const ConvProblem& p) {
  auto dense = [](const std::vector<int64_t>& dilates) {
    return std::all_of(dilates.begin(), dilates.end(), [](int64_t d) { return d == 0; });
  };
  return p.form == ConvForm::BackwardWeights && p.groups == 1 && p.src.dims.size() == 4 &&
         p.weights.dims.size() == 4 && p.src.type == ElementType::bf16 &&
         p.dst.type == ElementType::bf16 && dense(p.dilates) && hasAmx();
}

// dW[o, i, kh, kw] = sum over (n, ho, wo) of dY[n, o, ho, wo] * x[n, i, ho*s + kh - pad, ...]:
// with the rows of x's windows copied out (im2col, columns (kh, kw, i)), one matmul
// {O, rows} x {rows, KH*KW*I} whose f32 result is rounded once to the bf16 gradient, as
// oneDNN's primitive rounds its f32 sums.
class Im2colWeightsKernel : public Kernel {
public:
  Im2colWeightsKernel(const ConvProblem& p, DnnlContext& context, int threads)
      : context_(context), threads_(threads), p_(p), n_(p.src.dims[0]), c_(p.src.dims[1]),
        h_(p.src.dims[2]), w_(p.src.dims[3]), o_(p.dst.dims[1]), ho_(p.dst.dims[2]),
        wo_(p.dst.dims[3]), kh_(p.weights.dims[2]), kw_(p.weights.dims[3]), rows_(n_ * ho_ * wo_),
        cols_(kh_ * kw_ * c_) {
    // dY as the matmul's lhs {O, rows}: read in place when it is bf16 and its (n, ho, wo) walk
    // one stride, else copied as rows of channels.
    int64_t mergedRows = 0;
    auto rowStride = mergedStride(p.dst.dims, p.dst.strides, {0, 2, 3}, mergedRows);
    if (rowStride) rowStride = std::max<int64_t>(*rowStride, 1); // one row: any stride does
    const int64_t channelStride = p.dst.strides[1];
    const bool inPlace =
        p.dst.slotType == ElementType::bf16 && rowStride && (channelStride == 1 || *rowStride == 1);
    const memory::desc lhs =
        inPlace ? memory::desc({o_, rows_}, memory::data_type::bf16,
                               memory::dims{channelStride, *rowStride})
                : memory::desc({o_, rows_}, memory::data_type::bf16, memory::dims{1, o_});
    const memory::desc rhs({rows_, cols_}, memory::data_type::bf16, memory::dims{cols_, 1});
    const memory::desc result({o_, cols_}, memory::data_type::f32, memory::dims{cols_, 1});
    dnnl::matmul::primitive_desc pd(dnnl::matmul::desc(lhs, rhs, result), userScratchpad(),
                                    context.engine);
    impl_ = pd.impl_info_str();
    primitive_ = dnnl::matmul(pd);
    copiesLhs_ = !inPlace;
    lhs_ = memory(lhs, context.engine, DNNL_MEMORY_NONE);
    rhs_ = memory(rhs, context.engine, DNNL_MEMORY_NONE);
    result_ = memory(result, context.engine, DNNL_MEMORY_NONE);
    scratchpad_ = memory(pd.scratchpad_desc(), context.engine, DNNL_MEMORY_NONE);
    args_ = {{DNNL_ARG_SRC, lhs_},
             {DNNL_ARG_WEIGHTS, rhs_},
             {DNNL_ARG_DST, result_},
             {DNNL_ARG_SCRATCHPAD, scratchpad_}};
    lhsAt_ = BufferPlan::aligned(pd.scratchpad_desc().get_size());
    rhsAt_ = lhsAt_ + (copiesLhs_ ? BufferPlan::aligned(size_t(o_ * rows_) * 2) : 0);
    resultAt_ = rhsAt_ + BufferPlan::aligned(size_t(rows_ * cols_) * 2);
    scratchBytes = resultAt_ + BufferPlan::aligned(size_t(o_ * cols_) * 4);
    reads = {p.src.slot, p.dst.slot};
    writes = {p.weights.slot};
  }

  // Whether oneDNN would run the matmul on its reference kernel (then this does not pay).
  bool onReference() const { return impl_.find("ref") != std::string::npos; }

  void run(RunState& state) override {
    uint8_t* scratch = state.scratch;
    scratchpad_.set_data_handle(scratch);
    if (copiesLhs_) {
      copyLhs(data(state, p_.dst), reinterpret_cast<uint16_t*>(scratch + lhsAt_));
      lhs_.set_data_handle(scratch + lhsAt_);
    } else {
      lhs_.set_data_handle(data(state, p_.dst));
    }
    im2col(data(state, p_.src), reinterpret_cast<uint16_t*>(scratch + rhsAt_));
    rhs_.set_data_handle(scratch + rhsAt_);
    result_.set_data_handle(scratch + resultAt_);
    primitive_.execute(context_.stream, args_);
    context_.stream.wait();
    writeGradient(reinterpret_cast<const float*>(scratch + resultAt_), data(state, p_.weights));
  }

  std::string describe() const override {
    return describeProblem(p_) + " [im2col + matmul " + impl_ + "]" +
           (copiesLhs_ ? " copy(%" + std::to_string(p_.dst.slot) + ")" : "");
  }

private:
  static uint8_t* data(RunState& state, const DnnlView& v) {
    return state.slotData[static_cast<size_t>(v.slot)] +
           v.offset * static_cast<int64_t>(ir::byteWidth(v.slotType));
  }

  // `count` elements `stride` apart, f32 or bf16, as bf16 bits (f32 rounded to nearest even).
  static void toBf16(uint16_t* to, const uint8_t* from, ElementType type, int64_t count,
                     int64_t stride) {
    if (type == ElementType::bf16) {
      const auto* x = reinterpret_cast<const uint16_t*>(from);
      if (stride == 1) {
        std::memcpy(to, x, size_t(count) * 2);
        return;
      }
      for (int64_t i = 0; i < count; ++i) to[i] = x[i * stride];
      return;
    }
    const auto* x = reinterpret_cast<const float*>(from);
#pragma omp simd
    for (int64_t i = 0; i < count; ++i) to[i] = bf16Bits(x[i * stride]);
  }

  // dY's rows of channels: to[((n * Ho + ho) * Wo + wo) * O + o].
  void copyLhs(const uint8_t* dy, uint16_t* to) const {
    const auto& s = p_.dst.strides;
    const int64_t width = ir::byteWidth(p_.dst.slotType);
#pragma omp parallel for num_threads(threads_) collapse(2) schedule(static)
    for (int64_t n = 0; n < n_; ++n)
      for (int64_t ho = 0; ho < ho_; ++ho)
        for (int64_t wo = 0; wo < wo_; ++wo)
          toBf16(to + ((n * ho_ + ho) * wo_ + wo) * o_,
                 dy + (n * s[0] + ho * s[2] + wo * s[3]) * width, p_.dst.slotType, o_, s[1]);
  }

  // Each output pixel's window of x as one row: to[row * cols + (kh * KW + kw) * I + i], zero in
  // the padding.
  void im2col(const uint8_t* x, uint16_t* to) const {
    const auto& s = p_.src.strides;
    const int64_t width = ir::byteWidth(p_.src.slotType);
    const int64_t sh = p_.strides[0], sw = p_.strides[1], ph = p_.padL[0], pw = p_.padL[1];
#pragma omp parallel for num_threads(threads_) collapse(2) schedule(static)
    for (int64_t n = 0; n < n_; ++n)
      for (int64_t ho = 0; ho < ho_; ++ho)
        for (int64_t wo = 0; wo < wo_; ++wo) {
          uint16_t* row = to + ((n * ho_ + ho) * wo_ + wo) * cols_;
          for (int64_t a = 0; a < kh_; ++a) {
            const int64_t r = ho * sh + a - ph;
            for (int64_t b = 0; b < kw_; ++b) {
              const int64_t col = wo * sw + b - pw;
              uint16_t* window = row + (a * kw_ + b) * c_;
              if (r < 0 || r >= h_ || col < 0 || col >= w_)
                std::fill(window, window + c_, uint16_t{0});
              else
                toBf16(window, x + (n * s[0] + r * s[2] + col * s[3]) * width, p_.src.slotType, c_,
                       s[1]);
            }
          }
        }
  }

  // The matmul's {O, (kh, kw, i)} sums into the weight gradient's view, rounded to bf16 (and
  // widened back where the slot is the f32 of a fused convert).
  void writeGradient(const float* sums, uint8_t* out) const {
    const auto& s = p_.weights.strides;
    const bool rounds = p_.weights.type == ElementType::bf16;
    const bool bf16Slot = p_.weights.slotType == ElementType::bf16;
#pragma omp parallel for num_threads(threads_) schedule(static)
    for (int64_t o = 0; o < o_; ++o)
      for (int64_t a = 0; a < kh_; ++a)
        for (int64_t b = 0; b < kw_; ++b) {
          const float* from = sums + o * cols_ + (a * kw_ + b) * c_;
          const int64_t at = o * s[0] + a * s[2] + b * s[3];
          if (bf16Slot) {
            auto* to = reinterpret_cast<uint16_t*>(out) + at;
            for (int64_t i = 0; i < c_; ++i) to[i * s[1]] = bf16Bits(from[i]);
          } else {
            auto* to = reinterpret_cast<float*>(out) + at;
            for (int64_t i = 0; i < c_; ++i) to[i * s[1]] = rounds ? roundToBf16(from[i]) : from[i];
          }
        }
  }

  DnnlContext& context_;
  int threads_;
  ConvProblem p_;
  int64_t n_, c_, h_, w_, o_, ho_, wo_, kh_, kw_, rows_, cols_;
  bool copiesLhs_ = false;
  dnnl::primitive primitive_;
  memory lhs_, rhs_, result_, scratchpad_;
  size_t lhsAt_ = 0, rhsAt_ = 0, resultAt_ = 0;
  std::unordered_map<int, memory> args_; // the memories above, their handles set each run
  std::string impl_;
};

} // namespace

std::unique_ptr<Kernel> makeIm2colWeightsKernel(const ConvProblem& problem, DnnlContext& context,
                                                int threads) {
  if (!applies(problem) || !pays(problem)) return nullptr;
  try {
    auto kernel = std::make_unique<Im2colWeightsKernel>(problem, context, threads);
    if (kernel->onReference()) return nullptr;
    return kernel;
  } catch (const dnnl::error&) {
    return nullptr; // no such matmul here: oneDNN's convolution primitive stays
  }
}

} // namespace hlotrain::cpu::plan
