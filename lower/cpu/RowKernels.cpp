#include "lower/cpu/RowKernels.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <utility>

#include "lower/cpu/Avx512.h"
#include "lower/cpu/Exponential.h"
#include "lower/cpu/GraphMatcher.h"
#include "lower/cpu/Kernels.h"

#if defined(__AVX512F__) && defined(__AVX512BW__) && defined(__AVX512VL__)
#define HLOTRAIN_ROW_KERNELS 1
#endif

namespace hlotrain::cpu::plan {

#if HLOTRAIN_ROW_KERNELS
namespace {

using ir::ElementType;
using ir::OpKind;

// One op applied to every element of a row on its way in (before a softmax) or out (after a
// softmax gradient): a multiply by the splat `value`, or a select keeping the element where the
// i1 slot `mask` holds and `value` elsewhere.
struct RowOp {
  enum class Kind { scale, mask } kind;
  float value;
  int mask = -1;
  std::vector<int64_t> maskStrides; // bytes per dim of the rows' shape (i1 is one byte); last 1
};

// Longer chains are left to the fusion pass; attention has two ops on each side.
constexpr size_t kMaxRowOps = 4;

// fastExponential (Exponential.h) of 16 floats, op for op as VectorLoop compiles it.
__m512 exponential16(__m512 a) {
  using namespace exponential;
  __m512 t = _mm512_min_ps(_mm512_max_ps(a, _mm512_set1_ps(kLow)), _mm512_set1_ps(kHigh));
  __m512 n = _mm512_fmadd_ps(t, _mm512_set1_ps(kLog2e), _mm512_set1_ps(0.5f));
  n = _mm512_roundscale_ps(n, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
  t = _mm512_fnmadd_ps(n, _mm512_set1_ps(kLn2High), t);
  t = _mm512_fnmadd_ps(n, _mm512_set1_ps(kLn2Low), t);
  __m512 y = _mm512_set1_ps(kP[0]);
  for (int k = 1; k < 6; ++k) y = _mm512_fmadd_ps(y, t, _mm512_set1_ps(kP[k]));
  y = _mm512_fmadd_ps(y, _mm512_mul_ps(t, t), t);
  y = _mm512_add_ps(y, _mm512_set1_ps(1.0f));
  const __m512 scaled = _mm512_scalef_ps(y, n);
  return _mm512_mask_mov_ps(scaled, _mm512_cmp_ps_mask(a, a, _CMP_UNORD_Q), a);
}

// The 16 floats rounded to bf16 as Bf16Rounding.h's roundToBf16, as their 16 bits each.
__m256i bf16Halves(__m512 v) {
  const __m512i u = _mm512_castps_si512(v);
  const __mmask16 nan = _mm512_cmpgt_epu32_mask(_mm512_and_si512(u, _mm512_set1_epi32(0x7fffffff)),
                                                _mm512_set1_epi32(0x7f800000));
  const __m512i odd = _mm512_and_si512(_mm512_srli_epi32(u, 16), _mm512_set1_epi32(1));
  __m512i rounded = _mm512_add_epi32(u, _mm512_add_epi32(_mm512_set1_epi32(0x7fff), odd));
  rounded = _mm512_mask_or_epi32(rounded, nan, u, _mm512_set1_epi32(0x00400000));
  return _mm512_cvtepi32_epi16(_mm512_srli_epi32(rounded, 16));
}

// The 16 floats added, each widened to double, into two accumulators of 8.
void addWidened(__m512d& low, __m512d& high, __m512 v) {
  low = _mm512_add_pd(low, _mm512_cvtps_pd(_mm512_castps512_ps256(v)));
  high = _mm512_add_pd(
      high, _mm512_cvtps_pd(_mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(v), 1))));
}

class RowKernel : public Kernel {
public:
  void run(RunState& state) override {
    std::array<const uint8_t*, kMaxRowOps> masks{};
    for (size_t k = 0; k < ops_.size(); ++k)
      if (ops_[k].kind == RowOp::Kind::mask)
        masks[k] = state.slotData[static_cast<size_t>(ops_[k].mask)];
    const int nt = rows_ * width_ >= kParallelElements ? threads_ : 1;
#pragma omp parallel for num_threads(nt) schedule(static) if (nt > 1)
    for (int64_t r = 0; r < rows_; ++r) {
      std::array<const uint8_t*, kMaxRowOps> rowMasks{};
      for (size_t k = 0; k < ops_.size(); ++k)
        if (masks[k]) rowMasks[k] = masks[k] + maskRowOffset(ops_[k], r);
      runRow(state, r * width_, rowMasks);
    }
  }

protected:
  // Reads `operands`, then each mask op's mask; writes `result`. Its rows run along `axis`, the
  // dim its slots hold innermost (the last, or the channels of channels-last activations).
  RowKernel(const Graph& graph, std::vector<int> operands, int result, std::vector<RowOp> ops,
            int threads, std::optional<int64_t> axis = std::nullopt)
      : ops_(std::move(ops)), threads_(threads) {
    reads = std::move(operands);
    for (const RowOp& op : ops_)
      if (op.kind == RowOp::Kind::mask) reads.push_back(op.mask);
    writes.push_back(result);
    const ir::Shape& shape = graph.slots[static_cast<size_t>(result)].type.shape;
    const auto along = static_cast<size_t>(axis.value_or(int64_t(shape.size()) - 1));
    leading_ = shape;
    leading_.erase(leading_.begin() + static_cast<std::ptrdiff_t>(along));
    width_ = shape[along];
    rows_ = 1;
    for (int64_t d : leading_) rows_ *= d;
    tail_ = static_cast<__mmask16>(width_ % 16 ? (1u << (width_ % 16)) - 1 : 0xffffu);
  }

  // Row `r`'s elements start at `at` of every row-major operand and result; `masks` are where its
  // row of each mask op's mask starts.
  virtual void runRow(RunState& state, int64_t at,
                      const std::array<const uint8_t*, kMaxRowOps>& masks) const = 0;

  __mmask16 lanes(int64_t j) const {
    return j + 16 <= width_ ? __mmask16(0xffff) : tail_;
  }

  // `v` (elements j.. of a row) through the ops in order.
  __m512 applyOps(__m512 v, int64_t j, __mmask16 m,
                  const std::array<const uint8_t*, kMaxRowOps>& masks) const {
    for (size_t k = 0; k < ops_.size(); ++k) {
      const RowOp& op = ops_[k];
      if (op.kind == RowOp::Kind::scale) {
        v = _mm512_mul_ps(v, _mm512_set1_ps(op.value));
      } else {
        const __m128i bytes = _mm_maskz_loadu_epi8(m, masks[k] + j);
        v = _mm512_mask_blend_ps(_mm_test_epi8_mask(bytes, bytes), _mm512_set1_ps(op.value), v);
      }
    }
    return v;
  }

  std::string opsText() const {
    std::string text;
    for (const RowOp& op : ops_) text += op.kind == RowOp::Kind::scale ? " scale" : " mask";
    return "[" + std::to_string(rows_) + "x" + std::to_string(width_) + "]" + text;
  }

  int64_t rows_ = 0, width_ = 0;

private:
  // Only a softmax's rows take masks, and they run along the last dim.
  int64_t maskRowOffset(const RowOp& op, int64_t r) const {
    int64_t offset = 0;
    for (size_t d = leading_.size(); d-- > 0;) {
      offset += (r % leading_[d]) * op.maskStrides[d];
      r /= leading_[d];
    }
    return offset;
  }

  std::vector<RowOp> ops_;
  std::vector<int64_t> leading_; // the rows' shape but their own dim
  int threads_;
  __mmask16 tail_;
};

// reads: x, then each mask op's mask; writes: y, then its bf16 copy where `yBf16` is a slot (a
// bf16 graph's convert of y for the products reading it; the gradient reads y). The prologue ops
// map x to the softmax's input.
class RowSoftmaxKernel : public RowKernel {
public:
  RowSoftmaxKernel(const Graph& graph, int x, int y, int yBf16, std::vector<RowOp> prologue,
                   int threads)
      : RowKernel(graph, {x}, y, std::move(prologue), threads), copies_(yBf16 >= 0) {
    if (copies_) writes.push_back(yBf16);
  }

  std::string describe() const override {
    return "row softmax " + opsText() + (copies_ ? " and bf16" : "");
  }

private:
  void runRow(RunState& state, int64_t at,
              const std::array<const uint8_t*, kMaxRowOps>& masks) const override {
    const float* x = reinterpret_cast<const float*>(state.slotData[size_t(reads[0])]) + at;
    float* y = reinterpret_cast<float*>(state.slotData[size_t(writes[0])]) + at;
    auto input = [&](int64_t j, __mmask16 m) {
      return applyOps(_mm512_maskz_loadu_ps(m, x + j), j, m, masks);
    };
    // A NaN lost by the maximum still reaches every quotient through its exponential and the sum.
    __m512 max = _mm512_set1_ps(-std::numeric_limits<float>::infinity());
    for (int64_t j = 0; j < width_; j += 16) {
      const __mmask16 m = lanes(j);
      max = _mm512_mask_max_ps(max, m, max, input(j, m));
    }
    const __m512 shift = _mm512_set1_ps(_mm512_reduce_max_ps(max));
    __m512d low = _mm512_setzero_pd(), high = _mm512_setzero_pd();
    for (int64_t j = 0; j < width_; j += 16) {
      const __mmask16 m = lanes(j);
      const __m512 e = _mm512_maskz_mov_ps(m, exponential16(_mm512_sub_ps(input(j, m), shift)));
      _mm512_mask_storeu_ps(y + j, m, e);
      addWidened(low, high, e);
    }
    const __m512 sum =
        _mm512_set1_ps(static_cast<float>(_mm512_reduce_add_pd(_mm512_add_pd(low, high))));
    uint16_t* copy =
        copies_ ? reinterpret_cast<uint16_t*>(state.slotData[size_t(writes[1])]) + at : nullptr;
    for (int64_t j = 0; j < width_; j += 16) {
      const __mmask16 m = lanes(j);
      const __m512 quotient = _mm512_div_ps(_mm512_maskz_loadu_ps(m, y + j), sum);
      _mm512_mask_storeu_ps(y + j, m, quotient);
      if (copies_) _mm256_mask_storeu_epi16(copy + j, m, bf16Halves(quotient));
    }
  }

  bool copies_;
};

// reads: y, dy (bf16 where `dyBf16`: the value a widening convert made dy from, which the kernel
// widens as it loads, exactly), then each mask op's mask; writes: dx (in bf16 where `dxBf16`: the
// convert that was its only reader). The epilogue ops map the softmax's input gradient to dx.
class RowSoftmaxGradientKernel : public RowKernel {
public:
  RowSoftmaxGradientKernel(const Graph& graph, int y, int dy, bool dyBf16, int dx, bool dxBf16,
                           std::vector<RowOp> epilogue, int threads)
      : RowKernel(graph, {y, dy}, dx, std::move(epilogue), threads), dyBf16_(dyBf16),
        dxBf16_(dxBf16) {}

  std::string describe() const override {
    return "row softmax gradient " + opsText() + (dyBf16_ ? " from bf16" : "") +
           (dxBf16_ ? " to bf16" : "");
  }

private:
  void runRow(RunState& state, int64_t at,
              const std::array<const uint8_t*, kMaxRowOps>& masks) const override {
    const float* y = reinterpret_cast<const float*>(state.slotData[size_t(reads[0])]) + at;
    const uint8_t* dy = state.slotData[size_t(reads[1])] + at * (dyBf16_ ? 2 : 4);
    uint8_t* dx = state.slotData[size_t(writes[0])] + at * (dxBf16_ ? 2 : 4);
    auto loadDy = [&](int64_t j, __mmask16 m) {
      if (!dyBf16_) return _mm512_maskz_loadu_ps(m, reinterpret_cast<const float*>(dy) + j);
      const __m256i halves = _mm256_maskz_loadu_epi16(m, reinterpret_cast<const uint16_t*>(dy) + j);
      return _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_cvtepu16_epi32(halves), 16));
    };
    __m512d low = _mm512_setzero_pd(), high = _mm512_setzero_pd();
    for (int64_t j = 0; j < width_; j += 16) {
      const __mmask16 m = lanes(j);
      addWidened(low, high, _mm512_mul_ps(_mm512_maskz_loadu_ps(m, y + j), loadDy(j, m)));
    }
    const __m512 sum =
        _mm512_set1_ps(static_cast<float>(_mm512_reduce_add_pd(_mm512_add_pd(low, high))));
    for (int64_t j = 0; j < width_; j += 16) {
      const __mmask16 m = lanes(j);
      const __m512 yv = _mm512_maskz_loadu_ps(m, y + j);
      const __m512 ydy = _mm512_mul_ps(yv, loadDy(j, m));
      const __m512 d = _mm512_sub_ps(ydy, _mm512_mul_ps(yv, sum));
      const __m512 out = applyOps(d, j, m, masks);
      if (dxBf16_)
        _mm256_mask_storeu_epi16(reinterpret_cast<uint16_t*>(dx) + j, m, bf16Halves(out));
      else
        _mm512_mask_storeu_ps(reinterpret_cast<float*>(dx) + j, m, out);
    }
  }

  bool dyBf16_, dxBf16_;
};

// The slots of one layer norm over the last dim (nn::emitLayerNorm's form): x, γ and β read;
// y written (in bf16 where `yBf16`: the convert that was its only reader), and the normalized
// values and 1/σ too where the backward reads them (else -1).
struct LayerNormSlots {
  int x, gamma, beta, y, normalized = -1, invStd = -1;
  bool yBf16 = false;
  float count, epsilon; // the splats the graph divides by and adds
  int64_t axis;         // the dim normalized, which x, y and n hold innermost
};

// reads: x, γ, β; writes: y, then the normalized values and 1/σ where asked. The row is read
// three times from L1: its sum, the sum of its squared deviations, the outputs.
class RowLayerNormKernel : public RowKernel {
public:
  RowLayerNormKernel(const Graph& graph, const LayerNormSlots& s, int threads)
      : RowKernel(graph, {s.x, s.gamma, s.beta}, s.y, {}, threads, s.axis),
        normalized_(s.normalized), invStd_(s.invStd), yBf16_(s.yBf16), count_(s.count),
        epsilon_(s.epsilon) {
    if (normalized_ >= 0) writes.push_back(normalized_);
    if (invStd_ >= 0) writes.push_back(invStd_);
  }

  std::string describe() const override {
    return "row layer norm " + opsText() + (yBf16_ ? " to bf16" : "") +
           (normalized_ >= 0 ? " normalized" : "") + (invStd_ >= 0 ? " 1/sigma" : "");
  }

private:
  void runRow(RunState& state, int64_t at,
              const std::array<const uint8_t*, kMaxRowOps>&) const override {
    auto slot = [&](int s) { return reinterpret_cast<float*>(state.slotData[size_t(s)]); };
    const float* x = slot(reads[0]) + at;
    const float *gamma = slot(reads[1]), *beta = slot(reads[2]);
    uint8_t* y = state.slotData[size_t(writes[0])] + at * (yBf16_ ? 2 : 4);
    float* normalized = normalized_ >= 0 ? slot(normalized_) + at : nullptr;
    __m512d low = _mm512_setzero_pd(), high = _mm512_setzero_pd();
    for (int64_t j = 0; j < width_; j += 16)
      addWidened(low, high, _mm512_maskz_loadu_ps(lanes(j), x + j));
    const float mean = static_cast<float>(_mm512_reduce_add_pd(_mm512_add_pd(low, high))) / count_;
    const __m512 meanV = _mm512_set1_ps(mean);
    low = high = _mm512_setzero_pd();
    for (int64_t j = 0; j < width_; j += 16) {
      const __mmask16 m = lanes(j);
      const __m512 centered = _mm512_sub_ps(_mm512_maskz_loadu_ps(m, x + j), meanV);
      addWidened(low, high, _mm512_maskz_mul_ps(m, centered, centered));
    }
    const float variance =
        static_cast<float>(_mm512_reduce_add_pd(_mm512_add_pd(low, high))) / count_;
    const float invStd = 1.0f / std::sqrt(variance + epsilon_);
    if (invStd_ >= 0) slot(invStd_)[at / width_] = invStd;
    const __m512 invStdV = _mm512_set1_ps(invStd);
    for (int64_t j = 0; j < width_; j += 16) {
      const __mmask16 m = lanes(j);
      const __m512 n =
          _mm512_mul_ps(_mm512_sub_ps(_mm512_maskz_loadu_ps(m, x + j), meanV), invStdV);
      if (normalized) _mm512_mask_storeu_ps(normalized + j, m, n);
      const __m512 scaled = _mm512_mul_ps(n, _mm512_maskz_loadu_ps(m, gamma + j));
      const __m512 out = _mm512_add_ps(scaled, _mm512_maskz_loadu_ps(m, beta + j));
      if (yBf16_)
        _mm256_mask_storeu_epi16(reinterpret_cast<uint16_t*>(y) + j, m, bf16Halves(out));
      else
        _mm512_mask_storeu_ps(reinterpret_cast<float*>(y) + j, m, out);
    }
  }

  int normalized_, invStd_;
  bool yBf16_;
  float count_, epsilon_;
};

// The slots of one layer norm's input gradient (nn::layerNormBackward's form): dy, γ, the
// normalized values n and 1/σ read; dx written.
struct LayerNormGradientSlots {
  int dy, gamma, normalized, invStd, dx;
  float count;  // the splat the graph divides by
  int64_t axis; // the dim normalized, which dy, n and dx hold innermost
};

// reads: dy, γ, n, 1/σ; writes: dx = (g − (Σg + n·Σ(g·n)) / count)·(1/σ), g = dy·γ. The row is
// read twice from L1: its two sums, then dx.
class RowLayerNormGradientKernel : public RowKernel {
public:
  RowLayerNormGradientKernel(const Graph& graph, const LayerNormGradientSlots& s, int threads)
      : RowKernel(graph, {s.dy, s.gamma, s.normalized, s.invStd}, s.dx, {}, threads, s.axis),
        count_(s.count) {}

  std::string describe() const override { return "row layer norm gradient " + opsText(); }

private:
  void runRow(RunState& state, int64_t at,
              const std::array<const uint8_t*, kMaxRowOps>&) const override {
    auto slot = [&](int s) { return reinterpret_cast<float*>(state.slotData[size_t(s)]); };
    const float* dy = slot(reads[0]) + at;
    const float* gamma = slot(reads[1]);
    const float* n = slot(reads[2]) + at;
    const __m512 invStd = _mm512_set1_ps(slot(reads[3])[at / width_]);
    float* dx = slot(writes[0]) + at;
    __m512d gLow = _mm512_setzero_pd(), gHigh = _mm512_setzero_pd();
    __m512d gnLow = _mm512_setzero_pd(), gnHigh = _mm512_setzero_pd();
    for (int64_t j = 0; j < width_; j += 16) {
      const __mmask16 m = lanes(j);
      const __m512 g =
          _mm512_mul_ps(_mm512_maskz_loadu_ps(m, dy + j), _mm512_maskz_loadu_ps(m, gamma + j));
      addWidened(gLow, gHigh, g);
      addWidened(gnLow, gnHigh, _mm512_mul_ps(g, _mm512_maskz_loadu_ps(m, n + j)));
    }
    const __m512 sumG =
        _mm512_set1_ps(static_cast<float>(_mm512_reduce_add_pd(_mm512_add_pd(gLow, gHigh))));
    const __m512 sumGn =
        _mm512_set1_ps(static_cast<float>(_mm512_reduce_add_pd(_mm512_add_pd(gnLow, gnHigh))));
    const __m512 count = _mm512_set1_ps(count_);
    for (int64_t j = 0; j < width_; j += 16) {
      const __mmask16 m = lanes(j);
      const __m512 g =
          _mm512_mul_ps(_mm512_maskz_loadu_ps(m, dy + j), _mm512_maskz_loadu_ps(m, gamma + j));
      const __m512 sums =
          _mm512_add_ps(sumG, _mm512_mul_ps(_mm512_maskz_loadu_ps(m, n + j), sumGn));
      const __m512 inner = _mm512_sub_ps(g, _mm512_div_ps(sums, count));
      _mm512_mask_storeu_ps(dx + j, m, _mm512_mul_ps(inner, invStd));
    }
  }

  float count_;
};

// The forms of the row kernels, read off the graph.
class Matcher : public GraphMatcher {
public:
  using GraphMatcher::GraphMatcher;

  // The bf16 result of a live convert of `slot`, where `slot` has one such convert whose result
  // is laid out as `slot` (row-major); -1 otherwise.
  int bf16ConvertOf(int slot) const {
    int found = -1;
    for (const Step& step : graph().steps)
      if (step.live && step.op->kind == OpKind::convert && step.operands[0] == slot) {
        if (found >= 0 || !rowsAlong(step.results[0], type(slot).rank() - 1, ElementType::bf16))
          return -1;
        found = step.results[0];
      }
    return found;
  }

  // The step converting `slot` to bf16 where nothing else reads `slot` and the convert's result
  // holds rows along `axis` as `slot` does, or -1.
  int soleBf16Convert(int slot, int64_t axis) const {
    const int reader = soleReader(slot);
    if (reader < 0) return -1;
    const Step& convert = step(reader);
    return convert.op->kind == OpKind::convert &&
                   rowsAlong(convert.results[0], axis, ElementType::bf16)
               ? reader
               : -1;
  }

  // The value of the rows' leading shape that `wide` broadcasts back along `axis` (default:
  // the last dim), where nothing else reads the broadcast; -1 otherwise.
  int rowValueBroadcast(int wide, std::optional<int64_t> axis = std::nullopt) const {
    const Step* broadcast = producer(wide, OpKind::broadcast_in_dim);
    if (!broadcast || !readOnlyBy(wide, 1)) return -1;
    const ir::Shape& shape = type(wide).shape;
    const int64_t along = axis.value_or(int64_t(shape.size()) - 1);
    std::vector<int64_t> leading;
    ir::Shape leadingShape;
    for (size_t d = 0; d < shape.size(); ++d)
      if (int64_t(d) != along) {
        leading.push_back(static_cast<int64_t>(d));
        leadingShape.push_back(shape[d]);
      }
    const int value = broadcast->operands[0];
    if (broadcast->op->attrs.dimensions != leading || type(value).shape != leadingShape) return -1;
    return value;
  }

  // The operand `reduced` reduces over `axis` (default: its last dim) by `combiner` from `init`,
  // where nothing else reads `reduced`; -1 otherwise.
  int rowReduceOperand(int reduced, OpKind combiner, float init,
                       std::optional<int64_t> axis = std::nullopt) const {
    const Step* reduce = producer(reduced, OpKind::reduce);
    if (!reduce || !readOnlyBy(reduced, 1) || reduce->operands.size() != 2 ||
        reduce->op->regions.size() != 1 || binaryBodyKind(*reduce->op->regions[0]) != combiner)
      return -1;
    const int operand = reduce->operands[0];
    const std::optional<float> start = splat(reduce->operands[1]);
    if (reduce->op->attrs.dimensions !=
            std::vector<int64_t>{axis.value_or(type(operand).rank() - 1)} ||
        !start || *start != init)
      return -1;
    return operand;
  }

  // `wide` as bcast(reduce(v, init)): v reduced over its last dim by `combiner` and broadcast
  // back along it, the reduction and the broadcast read by nothing else.
  struct RowReduction {
    int operand, reduceStep, broadcastStep;
  };
  std::optional<RowReduction> rowReduction(int wide, OpKind combiner, float init) const {
    const int reduced = rowValueBroadcast(wide);
    const int operand = reduced < 0 ? -1 : rowReduceOperand(reduced, combiner, init);
    if (operand < 0 || type(operand) != type(wide)) return std::nullopt;
    return RowReduction{operand, producerIndex(reduced), producerIndex(wide)};
  }

  // The row op of the step `index` reading `v`: select(pred, v, fill) or v multiplied by a
  // splat (either side); nullopt for any other step.
  std::optional<RowOp> rowOp(int index, int v) const {
    const Step& step = graph().steps[static_cast<size_t>(index)];
    if (!step.live || step.results.size() != 1 || type(step.results[0]) != type(v))
      return std::nullopt;
    if (step.op->kind == OpKind::multiply) {
      const int other = step.operands[0] == v ? step.operands[1] : step.operands[0];
      if (std::optional<float> c = splat(other); c && other != v)
        return RowOp{RowOp::Kind::scale, *c, -1, {}};
      return std::nullopt;
    }
    if (step.op->kind != OpKind::select || step.operands[1] != v || step.operands[2] == v)
      return std::nullopt;
    std::optional<float> fill = splat(step.operands[2]);
    if (!fill) return std::nullopt;
    return maskOp(step.operands[0], *fill, type(v).shape);
  }

  // The row op whose step makes `slot`, and the operand it maps; nullopt for any other step.
  std::optional<std::pair<RowOp, int>> rowOpMaking(int slot) const {
    const Slot& s = graph().slots[static_cast<size_t>(slot)];
    if (s.kind != Slot::Kind::Computed) return std::nullopt;
    const Step& maker = graph().steps[static_cast<size_t>(s.producer)];
    const bool select = maker.op->kind == OpKind::select;
    for (size_t k = select ? 1 : 0; k < (select ? 2 : maker.operands.size()); ++k)
      if (std::optional<RowOp> op = rowOp(s.producer, maker.operands[k]))
        return std::pair{std::move(*op), maker.operands[k]};
    return std::nullopt;
  }

private:
  // A select's predicate read as rows of bytes: an i1 slot of the rows' shape or a broadcast of
  // one (the causal mask's [T, T]); nullopt where its rows are not contiguous.
  std::optional<RowOp> maskOp(int pred, float fill, const ir::Shape& shape) const {
    RowOp op{RowOp::Kind::mask, fill, pred, std::vector<int64_t>(shape.size(), 0)};
    if (const Step* b = producer(pred, OpKind::broadcast_in_dim)) {
      op.mask = b->operands[0];
      const Slot& from = graph().slots[static_cast<size_t>(op.mask)];
      const std::vector<int64_t> strides = slotStrides(from);
      for (size_t k = 0; k < from.type.shape.size(); ++k)
        if (from.type.shape[k] != 1)
          op.maskStrides[static_cast<size_t>(b->op->attrs.dimensions[k])] = strides[k];
    } else if (type(pred).shape == shape) {
      op.maskStrides = slotStrides(graph().slots[static_cast<size_t>(pred)]);
    } else {
      return std::nullopt; // a scalar predicate
    }
    if (type(op.mask).elementType != ElementType::i1 || op.maskStrides.back() != 1)
      return std::nullopt;
    return op;
  }
};

// The operand of the binary `step` that `pick` maps to a slot (either order: the ops matched
// commute), that slot, and the other operand; nullopt where neither operand picks.
template <typename Pick>
std::optional<std::array<int, 3>> pickOperand(const Step& step, Pick pick) {
  for (size_t k : {0, 1})
    if (int picked = pick(step.operands[k]); picked >= 0)
      return std::array<int, 3>{step.operands[k], picked, step.operands[1 - k]};
  return std::nullopt;
}

// A match: the steps its kernel replaces (the root, computing its result, last) and the kernel.
struct Match {
  std::vector<int> steps;
  std::unique_ptr<Kernel> kernel;
};

// y = e / bcast(sum), sum = reduce_add(e), e = exp(x − bcast(reduce_max(x, −inf))), with the
// chain of row ops that makes x where only the softmax reads each link.
std::optional<Match> matchSoftmax(const Matcher& g, int divideStep, int threads) {
  const Step& divide = g.step(divideStep);
  const int y = divide.results[0], e = divide.operands[0];
  const auto sum = g.rowReduction(divide.operands[1], OpKind::add, 0.0f);
  if (!sum || sum->operand != e) return std::nullopt;
  const Step* exp = g.producer(e, OpKind::exponential);
  if (!exp || !g.readOnlyBy(e, 2)) return std::nullopt;
  const int shifted = exp->operands[0];
  const Step* subtract = g.producer(shifted, OpKind::subtract);
  if (!subtract || !g.readOnlyBy(shifted, 1)) return std::nullopt;
  const int x = subtract->operands[0];
  const auto max = g.rowReduction(subtract->operands[1], OpKind::maximum,
                                  -std::numeric_limits<float>::infinity());
  if (!max || max->operand != x || !g.rowMajorF32(y)) return std::nullopt;
  Match match;
  match.steps = {max->reduceStep,    max->broadcastStep, g.producerIndex(shifted),
                 g.producerIndex(e), sum->reduceStep,    sum->broadcastStep};
  // The prologue, walked back from x while the softmax is its links' only reader (x's two).
  std::vector<RowOp> prologue;
  int in = x;
  for (int readers = 2; prologue.size() < kMaxRowOps && g.readOnlyBy(in, readers); readers = 1) {
    auto link = g.rowOpMaking(in);
    if (!link) break;
    prologue.insert(prologue.begin(), link->first);
    match.steps.push_back(g.producerIndex(in));
    in = link->second;
  }
  if (!g.rowMajorF32(in)) return std::nullopt;
  match.steps.push_back(divideStep);
  // A bf16 graph converts y for the products reading it (P·V and its value gradient) while the
  // gradient reads y itself: the kernel writes the bf16 copy too, from the quotients in its
  // registers, where nothing reads y before that convert.
  const int copy = g.bf16ConvertOf(y);
  if (copy >= 0 && !g.readBefore(g.producerIndex(copy), {y}, match.steps))
    match.steps.push_back(g.producerIndex(copy));
  match.kernel = std::make_unique<RowSoftmaxKernel>(
      g.graph(), in, y, match.steps.back() == divideStep ? -1 : copy, std::move(prologue), threads);
  return match;
}

// dx = y·dy − y · bcast(sum), sum = reduce_add(y·dy), with the chain of row ops that reads dx
// where each link is read by nothing else.
std::optional<Match> matchSoftmaxGradient(const Matcher& g, int subtractStep, int threads) {
  const Step& subtract = g.step(subtractStep);
  const int ydy = subtract.operands[0], ySum = subtract.operands[1];
  const Step* product = g.producer(ydy, OpKind::multiply);
  const Step* scaled = g.producer(ySum, OpKind::multiply);
  if (!product || !scaled || !g.readOnlyBy(ydy, 2) || !g.readOnlyBy(ySum, 1)) return std::nullopt;
  const bool sumFirst = g.producer(scaled->operands[0], OpKind::broadcast_in_dim) != nullptr;
  const int y = scaled->operands[sumFirst ? 1 : 0];
  const auto sum = g.rowReduction(scaled->operands[sumFirst ? 0 : 1], OpKind::add, 0.0f);
  if (!sum || sum->operand != ydy) return std::nullopt;
  if (product->operands[0] != y && product->operands[1] != y) return std::nullopt;
  int dy = product->operands[0] == y ? product->operands[1] : product->operands[0];
  if (!g.rowMajorF32(y) || !g.rowMajorF32(dy)) return std::nullopt;
  Match match;
  // dy widened from bf16 for the kernel alone (a bf16 graph's dO·Vᵀ): the kernel reads the bf16
  // values and widens them as it loads.
  const Step* widening = g.soleProducer(dy, OpKind::convert);
  const bool dyBf16 =
      widening && g.rowsAlong(widening->operands[0], g.type(dy).rank() - 1, ElementType::bf16);
  if (dyBf16) {
    match.steps.push_back(g.producerIndex(dy));
    dy = widening->operands[0];
  }
  for (int step : {g.producerIndex(ydy), sum->reduceStep, sum->broadcastStep, g.producerIndex(ySum),
                   subtractStep})
    match.steps.push_back(step);
  std::vector<RowOp> epilogue;
  int out = subtract.results[0];
  while (epilogue.size() < kMaxRowOps) {
    const int reader = g.soleReader(out);
    std::optional<RowOp> op = reader < 0 ? std::nullopt : g.rowOp(reader, out);
    if (!op) break;
    epilogue.push_back(std::move(*op));
    match.steps.push_back(reader);
    out = g.step(reader).results[0];
  }
  if (!g.rowMajorF32(out)) return std::nullopt;
  // dx read only through a convert to bf16 (the products dQ = dS·K and dK = dSᵀ·Q): stored in
  // bf16 in the convert's place.
  const int convert = g.soleBf16Convert(out, g.type(out).rank() - 1);
  if (convert >= 0) {
    match.steps.push_back(convert);
    out = g.step(convert).results[0];
  }
  const bool dxBf16 = convert >= 0;
  match.kernel = std::make_unique<RowSoftmaxGradientKernel>(g.graph(), y, dy, dyBf16, out, dxBf16,
                                                            std::move(epilogue), threads);
  return match;
}

// y = n·bcast(γ) + bcast(β), n = c·bcast(s), c = x − bcast(Σx / count), s = rsqrt(Σc² / count
// + ε) over the dim that y holds innermost (a token layer norm's last dim, or the channels of a
// channel layer norm on channels-last activations: ConvNeXt's): nn::emitLayerNorm's form, either
// operand order where an op commutes. n and s may be read elsewhere too (the backward reads
// both): the kernel then writes them.
std::optional<Match> matchLayerNorm(const Matcher& g, int addStep, int threads) {
  const Step& add = g.step(addStep);
  LayerNormSlots ln{};
  ln.y = add.results[0];
  if (g.type(ln.y).rank() == 0) return std::nullopt;
  const int64_t axis = ln.axis = g.innermostDim(ln.y);
  auto column = [&](int slot) { return g.columnVector(slot, axis); };
  const auto shift = pickOperand(add, column);
  if (!shift) return std::nullopt;
  ln.beta = (*shift)[1];
  const Step* scaling = g.soleProducer((*shift)[2], OpKind::multiply);
  const auto scale = scaling ? pickOperand(*scaling, column) : std::nullopt;
  if (!scale) return std::nullopt;
  ln.gamma = (*scale)[1];
  const int n = (*scale)[2];
  const Step* normalize = g.producer(n, OpKind::multiply);
  const auto byInvStd =
      normalize ? pickOperand(*normalize, [&](int slot) { return g.rowValueBroadcast(slot, axis); })
                : std::nullopt;
  if (!byInvStd) return std::nullopt;
  const int invStd = (*byInvStd)[1], centered = (*byInvStd)[2];
  // c is read by n's multiply and twice by c·c.
  const Step* subtract = g.producer(centered, OpKind::subtract);
  if (!subtract || !g.readOnlyBy(centered, 3)) return std::nullopt;
  ln.x = subtract->operands[0];
  const int mean = g.rowValueBroadcast(subtract->operands[1], axis);
  const Step* meanDivide = mean < 0 ? nullptr : g.soleProducer(mean, OpKind::divide);
  if (!meanDivide || g.rowReduceOperand(meanDivide->operands[0], OpKind::add, 0.0f, axis) != ln.x)
    return std::nullopt;
  const std::optional<float> count = g.splat(meanDivide->operands[1]);
  const Step* rsqrt = g.producer(invStd, OpKind::rsqrt);
  if (!count || !rsqrt) return std::nullopt;
  const Step* shifting = g.soleProducer(rsqrt->operands[0], OpKind::add);
  const auto shifted =
      shifting ? pickOperand(*shifting, [&](int slot) { return g.splat(slot) ? slot : -1; })
               : std::nullopt;
  if (!shifted) return std::nullopt;
  const int variance = (*shifted)[2];
  const Step* varianceDivide = g.soleProducer(variance, OpKind::divide);
  if (!varianceDivide || g.splat(varianceDivide->operands[1]) != count) return std::nullopt;
  const int squares = g.rowReduceOperand(varianceDivide->operands[0], OpKind::add, 0.0f, axis);
  const Step* square = squares < 0 ? nullptr : g.soleProducer(squares, OpKind::multiply);
  if (!square || square->operands[0] != centered || square->operands[1] != centered)
    return std::nullopt;
  ln.count = *count;
  ln.epsilon = *g.splat((*shifted)[0]);
  if (!g.readOnlyBy(n, 1)) ln.normalized = n;
  if (!g.readOnlyBy(invStd, 1)) ln.invStd = invStd;
  for (int slot : {ln.x, ln.y, n})
    if (!g.rowsAlongF32(slot, axis)) return std::nullopt;
  if (!g.rowMajorF32(invStd)) return std::nullopt;
  // Where y's only reader converts it to bf16 (a bf16 graph's products reading it: Q, K and V's
  // dense layers, a 1x1 convolution), the kernel stores the rounded values in the convert's
  // place, half the bytes, and y is never written. A product that reads y through such a
  // convert reads y itself, so y has another reader then.
  int root = addStep;
  if (const int convert = g.soleBf16Convert(ln.y, axis); convert >= 0) {
    ln.y = g.step(convert).results[0];
    ln.yBf16 = true;
    root = convert;
  }
  Match match;
  match.steps = {g.producerIndex(meanDivide->operands[0]),
                 g.producerIndex(mean),
                 g.producerIndex(subtract->operands[1]),
                 g.producerIndex(centered),
                 g.producerIndex(squares),
                 g.producerIndex(varianceDivide->operands[0]),
                 g.producerIndex(variance),
                 g.producerIndex(rsqrt->operands[0]),
                 g.producerIndex(invStd),
                 g.producerIndex((*byInvStd)[0]),
                 g.producerIndex(n),
                 g.producerIndex((*shift)[2]),
                 addStep};
  if (root != addStep) match.steps.push_back(root);
  // The kernel writes n and s at the root: nothing before it may read them.
  if (g.readBefore(root, {n, invStd}, match.steps)) return std::nullopt;
  match.kernel = std::make_unique<RowLayerNormKernel>(g.graph(), ln, threads);
  return match;
}

// dx = (g − (bcast(Σg) + n·bcast(Σ(g·n))) / count)·bcast(s), g = dy·bcast(γ), the sums over
// the dim that dx holds innermost: nn::layerNormBackward's input gradient, either operand order
// where an op commutes. g is read by the three steps of the form only; dy and n stay for dγ's
// and dβ's column sums, which the fusion pass plans.
std::optional<Match> matchLayerNormGradient(const Matcher& g, int multiplyStep, int threads) {
  const Step& root = g.step(multiplyStep);
  LayerNormGradientSlots ln{};
  ln.dx = root.results[0];
  if (g.type(ln.dx).rank() == 0) return std::nullopt;
  const int64_t axis = ln.axis = g.innermostDim(ln.dx);
  // The reduce over `axis` broadcast back whose operand `wide` is, and its two steps; nullopt
  // where `wide` is something else or anything else reads either.
  auto rowSum = [&](int wide) -> std::optional<std::array<int, 3>> {
    const int reduced = g.rowValueBroadcast(wide, axis);
    const int operand = reduced < 0 ? -1 : g.rowReduceOperand(reduced, OpKind::add, 0.0f, axis);
    if (operand < 0) return std::nullopt;
    return std::array<int, 3>{operand, g.producerIndex(reduced), g.producerIndex(wide)};
  };
  const auto byInvStd =
      pickOperand(root, [&](int slot) { return g.rowValueBroadcast(slot, axis); });
  if (!byInvStd) return std::nullopt;
  ln.invStd = (*byInvStd)[1];
  const int inner = (*byInvStd)[2];
  const Step* subtract = g.soleProducer(inner, OpKind::subtract);
  if (!subtract) return std::nullopt;
  const int scaled = subtract->operands[0], means = subtract->operands[1];
  const Step* divide = g.soleProducer(means, OpKind::divide);
  const std::optional<float> count = divide ? g.splat(divide->operands[1]) : std::nullopt;
  if (!count) return std::nullopt;
  const int sums = divide->operands[0];
  const Step* add = g.soleProducer(sums, OpKind::add);
  if (!add) return std::nullopt;
  // One addend is bcast(Σg), the other n·bcast(Σ(g·n)).
  std::optional<std::array<int, 3>> sumG, sumGn;
  int weighted = -1;
  for (size_t k : {0, 1})
    if (auto sum = rowSum(add->operands[k]); sum && sum->at(0) == scaled) {
      sumG = sum;
      weighted = add->operands[1 - k];
    }
  const Step* weighting = sumG ? g.soleProducer(weighted, OpKind::multiply) : nullptr;
  const auto byGnSum = weighting ? pickOperand(*weighting,
                                               [&](int slot) {
                                                 auto sum = rowSum(slot);
                                                 return sum ? sum->at(0) : -1;
                                               })
                                 : std::nullopt;
  if (!byGnSum) return std::nullopt;
  sumGn = rowSum((*byGnSum)[0]);
  ln.normalized = (*byGnSum)[2];
  const int gn = (*byGnSum)[1];
  const Step* gnProduct = g.soleProducer(gn, OpKind::multiply);
  if (!gnProduct ||
      !((gnProduct->operands[0] == scaled && gnProduct->operands[1] == ln.normalized) ||
        (gnProduct->operands[1] == scaled && gnProduct->operands[0] == ln.normalized)))
    return std::nullopt;
  // g = dy·bcast(γ), read by Σg, g·n and the subtract only.
  const Step* gProduct = g.producer(scaled, OpKind::multiply);
  const auto byGamma =
      gProduct && g.readOnlyBy(scaled, 3)
          ? pickOperand(*gProduct, [&](int slot) { return g.columnVector(slot, axis); })
          : std::nullopt;
  if (!byGamma) return std::nullopt;
  ln.gamma = (*byGamma)[1];
  ln.dy = (*byGamma)[2];
  ln.count = *count;
  for (int slot : {ln.dy, ln.normalized, ln.dx})
    if (!g.rowsAlongF32(slot, axis)) return std::nullopt;
  if (!g.rowMajorF32(ln.invStd)) return std::nullopt;
  Match match;
  match.steps = {g.producerIndex(scaled),
                 g.producerIndex(gn),
                 (*sumG)[1],
                 (*sumG)[2],
                 (*sumGn)[1],
                 (*sumGn)[2],
                 g.producerIndex(weighted),
                 g.producerIndex(sums),
                 g.producerIndex(means),
                 g.producerIndex(inner),
                 multiplyStep};
  match.kernel = std::make_unique<RowLayerNormGradientKernel>(g.graph(), ln, threads);
  return match;
}

} // namespace

bool plansRowKernels() {
  return true;
}

void planRowKernels(Graph& graph, std::vector<std::unique_ptr<Kernel>>& kernelAt, int threads) {
  std::vector<Match> matches;
  {
    const Matcher g(graph);
    std::vector<bool> taken(graph.steps.size(), false);
    for (size_t i = 0; i < kernelAt.size(); ++i) taken[i] = kernelAt[i] != nullptr;
    for (size_t i = 0; i < graph.steps.size(); ++i) {
      const Step& step = graph.steps[i];
      if (!step.live || taken[i]) continue;
      std::optional<Match> match;
      if (step.op->kind == OpKind::divide) match = matchSoftmax(g, static_cast<int>(i), threads);
      if (step.op->kind == OpKind::subtract)
        match = matchSoftmaxGradient(g, static_cast<int>(i), threads);
      if (step.op->kind == OpKind::add) match = matchLayerNorm(g, static_cast<int>(i), threads);
      if (step.op->kind == OpKind::multiply)
        match = matchLayerNormGradient(g, static_cast<int>(i), threads);
      if (!match || std::any_of(match->steps.begin(), match->steps.end(),
                                [&](int s) { return taken[static_cast<size_t>(s)]; }))
        continue;
      for (int s : match->steps) taken[static_cast<size_t>(s)] = true;
      matches.push_back(std::move(*match));
    }
  }
  for (Match& match : matches) {
    const auto root = static_cast<size_t>(match.steps.back());
    for (int s : match.steps) graph.steps[static_cast<size_t>(s)].live = false;
    graph.steps[root].live = true;
    graph.steps[root].operands = match.kernel->reads;
    graph.steps[root].results = match.kernel->writes;
    for (int slot : match.kernel->writes)
      graph.slots[static_cast<size_t>(slot)].producer = static_cast<int>(root);
    kernelAt[root] = std::move(match.kernel);
  }
  if (!matches.empty()) eliminateDeadSteps(graph);
}

#else

bool plansRowKernels() {
  return false;
}

void planRowKernels(Graph&, std::vector<std::unique_ptr<Kernel>>&, int) {}

#endif

} // namespace hlotrain::cpu::plan
