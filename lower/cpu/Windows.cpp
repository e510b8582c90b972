#include "lower/cpu/Windows.h"

#include <omp.h>

#include <algorithm>
#include <array>
#include <optional>
#include <type_traits>

#include "lower/cpu/Kernels.h"
#include "lower/cpu/ReferenceScalar.h"

namespace hlotrain::cpu::plan {

namespace {

using ir::ElementType;
using ir::OpKind;

bool allF32(const Graph& graph, const Step& step) {
  auto f32 = [&](int s) {
    return graph.slots[static_cast<size_t>(s)].type.elementType == ElementType::f32;
  };
  return std::all_of(step.operands.begin(), step.operands.end(), f32) &&
         std::all_of(step.results.begin(), step.results.end(), f32);
}

template <class F> decltype(auto) withCombiner(OpKind kind, F&& f) {
  switch (kind) {
  case OpKind::add:
    return f([](float a, float b) { return a + b; });
  case OpKind::multiply:
    return f([](float a, float b) { return a * b; });
  case OpKind::maximum: // lambdas, not function pointers: the loops inline and vectorize them
    return f([](float a, float b) { return maxSelect(a, b); });
  default:
    return f([](float a, float b) { return minSelect(a, b); });
  }
}

// Advances a row-major multi-index over `dims`; false after the last one.
bool next(std::vector<int64_t>& index, const std::vector<int64_t>& dims) {
  for (size_t d = index.size(); d-- > 0;) {
    if (++index[d] < dims[d]) return true;
    index[d] = 0;
  }
  return false;
}

std::string shapeText(const std::vector<int64_t>& dims) {
  std::string s;
  for (size_t i = 0; i < dims.size(); ++i) s += (i ? "x" : "") + std::to_string(dims[i]);
  return s;
}

// Channels-last pooling reads each window element's channels from pixels that follow each other
// in memory, too far apart (and too few at once) for the hardware to run ahead of them: asking
// for the pixels 8 KB on took MNIST-CNN's 2x2 max-pool backward from 2.1 to 1.45 ms
// (bench/README.md, "Session 12").
constexpr int64_t kPrefetchFloats = 8192 / sizeof(float);
inline void prefetchAhead(const float* channels, int64_t count) {
  for (int64_t c = 0; c < count; c += 16) __builtin_prefetch(channels + kPrefetchFloats + c);
}

// A window op whose window covers only the two innermost dims, without dilation, is a 2-D
// pooling of independent planes (every outer index): the common NCHW pooling. Row-major planes
// are split between threads; a rank-4 pooling with any planned layouts (Slot::layout) runs
// pixel by pixel over all channels (contiguous when channels-last). Either way each output
// visits its window in the reference's order.
struct Planar {
  int64_t n, c, h, w, outH, outW, kh, kw, sh, sw, padH, padW;
  bool rowMajor;                       // every tensor involved is row-major
  std::array<int64_t, 4> in, out, src; // element strides of (N, C, H, W); src: the scatter source
};

std::optional<Planar> planarWindow(const Graph& graph, const ir::Attributes& a, int inSlot,
                                   int outSlot, int srcSlot = -1) {
  auto slot = [&](int s) -> const Slot& { return graph.slots[static_cast<size_t>(s)]; };
  const ir::Shape& in = slot(inSlot).type.shape;
  const ir::Shape& out = slot(srcSlot >= 0 ? srcSlot : outSlot).type.shape;
  const size_t rank = in.size();
  if (rank < 2 || a.windowDimensions.size() != rank) return std::nullopt;
  Planar p{1,
           1,
           in[rank - 2],
           in[rank - 1],
           out[rank - 2],
           out[rank - 1],
           a.windowDimensions[rank - 2],
           a.windowDimensions[rank - 1],
           a.windowStrides[rank - 2],
           a.windowStrides[rank - 1],
           a.padding[rank - 2].first,
           a.padding[rank - 1].first,
           true,
           {},
           {},
           {}};
  for (size_t d = 0; d < rank; ++d) {
    if (!a.lhsDilation.empty() && a.lhsDilation[d] != 1) return std::nullopt;
    if (!a.rhsDilation.empty() && a.rhsDilation[d] != 1) return std::nullopt;
    if (d + 2 >= rank) continue;
    if (a.windowDimensions[d] != 1 || a.windowStrides[d] != 1 || a.padding[d].first != 0 ||
        in[d] != out[d])
      return std::nullopt;
    p.n *= in[d];
  }
  for (int s : {inSlot, outSlot, srcSlot})
    if (s >= 0 && !slot(s).layout.empty()) p.rowMajor = false;
  if (p.rowMajor) return p;
  // Only rank-4 values carry layouts.
  p.n = in[0];
  p.c = in[1];
  auto strides = [&](int s) {
    std::vector<int64_t> v = slotStrides(slot(s));
    return std::array<int64_t, 4>{v[0], v[1], v[2], v[3]};
  };
  p.in = strides(inSlot);
  p.out = strides(outSlot);
  if (srcSlot >= 0) p.src = strides(srcSlot);
  return p;
}

// reduce_window on the padded, base-dilated input: padding and holes read as init_value, as the
// spec pads with it. Output elements are independent and split between threads.
class ReduceWindowKernel : public Kernel {
public:
  ReduceWindowKernel(const Graph& graph, const Step& step, OpKind combiner, int threads)
      : combiner_(combiner), threads_(threads), a_(step.op->attrs) {
    reads = step.operands;
    writes = step.results;
    shape_ = graph.slots[static_cast<size_t>(step.operands[0])].type.shape;
    outShape_ = graph.slots[static_cast<size_t>(step.results[0])].type.shape;
    strides_ = ir::stridesOf(shape_);
    planar_ = planarWindow(graph, a_, step.operands[0], step.results[0]);
  }

  void run(RunState& state) override {
    withCombiner(combiner_, [&](auto f) {
      if (!planar_) return reduce(state, f);
      return planar_->rowMajor ? reducePlanes(state, f) : reducePixels(state, f);
    });
  }

  std::string describe() const override {
    return "reduce_window " + std::string(ir::opName(combiner_).substr(10)) + " [" +
           shapeText(shape_) + " -> " + shapeText(outShape_) + "] window " +
           shapeText(a_.windowDimensions);
  }

private:
  // Each output pixel folds its window over all channels at once: contiguous (and vectorised)
  // when the input is channels-last, correct for any strides.
  template <class F> void reducePixels(RunState& state, F f) {
    if (planar_->in[1] == 1) return reducePixels<true>(state, f);
    reducePixels<false>(state, f);
  }

  // `Contiguous`: a channels-last input, every window element one vector of channels (read
  // ahead, see prefetchAhead), folded in place into the output pixel when that is channels-last
  // too.
  template <bool Contiguous, class F> void reducePixels(RunState& state, F f) {
    const Planar& p = *planar_;
    const float* in = reinterpret_cast<const float*>(state.slotData[static_cast<size_t>(reads[0])]);
    const float init =
        *reinterpret_cast<const float*>(state.slotData[static_cast<size_t>(reads[1])]);
    float* out = reinterpret_cast<float*>(state.slotData[static_cast<size_t>(writes[0])]);
    const int nt = p.n * p.c * p.h * p.w >= kParallelElements ? threads_ : 1;
#pragma omp parallel num_threads(nt) if (nt > 1)
    {
      std::vector<float> scratch(static_cast<size_t>(p.c));
#pragma omp for schedule(dynamic, 1)
      for (int64_t n = 0; n < p.n; ++n)
        for (int64_t oh = 0; oh < p.outH; ++oh)
          for (int64_t ow = 0; ow < p.outW; ++ow) {
            float* y = out + n * p.out[0] + oh * p.out[2] + ow * p.out[3];
            float* acc = Contiguous && p.out[1] == 1 ? y : scratch.data();
            std::fill(acc, acc + p.c, init);
            for (int64_t i = 0; i < p.kh; ++i) {
              const int64_t r = oh * p.sh + i - p.padH;
              for (int64_t j = 0; j < p.kw; ++j) {
                const int64_t col = ow * p.sw + j - p.padW;
                float* a = acc;
                if (r < 0 || r >= p.h || col < 0 || col >= p.w) {
                  for (int64_t c = 0; c < p.c; ++c) a[c] = f(a[c], init);
                  continue;
                }
                const float* x = in + n * p.in[0] + r * p.in[2] + col * p.in[3];
                const int64_t cs = Contiguous ? 1 : p.in[1];
                if (Contiguous) prefetchAhead(x, p.c);
#pragma omp simd
                for (int64_t c = 0; c < p.c; ++c) a[c] = f(a[c], x[c * cs]);
              }
            }
            if (acc != y)
              for (int64_t c = 0; c < p.c; ++c) y[c * p.out[1]] = acc[c];
          }
    }
  }

  template <class F> void reducePlanes(RunState& state, F f) {
    const Planar& p = *planar_;
    const float* in = reinterpret_cast<const float*>(state.slotData[static_cast<size_t>(reads[0])]);
    const float init =
        *reinterpret_cast<const float*>(state.slotData[static_cast<size_t>(reads[1])]);
    float* out = reinterpret_cast<float*>(state.slotData[static_cast<size_t>(writes[0])]);
    const int64_t planes = p.n * p.c;
    const int nt = planes * p.h * p.w >= kParallelElements ? threads_ : 1;
    // Output columns whose windows lie inside the row: [lo, hi); the rest also fold init.
    const int64_t lo = std::min(p.outW, (p.padW + p.sw - 1) / p.sw);
    const int64_t hi = std::max(lo, std::min(p.outW, (p.w + p.padW - p.kw) / p.sw + 1));
#pragma omp parallel for num_threads(nt) schedule(dynamic, 4) if (nt > 1)
    for (int64_t plane = 0; plane < planes; ++plane) {
      const float* x = in + plane * p.h * p.w;
      float* y = out + plane * p.outH * p.outW;
      for (int64_t oh = 0; oh < p.outH; ++oh) {
        float* acc = y + oh * p.outW;
        std::fill(acc, acc + p.outW, init);
        for (int64_t i = 0; i < p.kh; ++i) {
          const int64_t r = oh * p.sh + i - p.padH;
          for (int64_t j = 0; j < p.kw; ++j) {
            auto at = [&](int64_t ow) {
              int64_t c = ow * p.sw + j - p.padW;
              return r >= 0 && r < p.h && c >= 0 && c < p.w ? x[r * p.w + c] : init;
            };
            for (int64_t ow = 0; ow < lo; ++ow) acc[ow] = f(acc[ow], at(ow));
            if (r >= 0 && r < p.h) {
              const float* row = x + r * p.w + j - p.padW;
#pragma omp simd
              for (int64_t ow = lo; ow < hi; ++ow) acc[ow] = f(acc[ow], row[ow * p.sw]);
            } else {
              for (int64_t ow = lo; ow < hi; ++ow) acc[ow] = f(acc[ow], init);
            }
            for (int64_t ow = hi; ow < p.outW; ++ow) acc[ow] = f(acc[ow], at(ow));
          }
        }
      }
    }
  }

  template <class F> void reduce(RunState& state, F f) {
    const float* in = reinterpret_cast<const float*>(state.slotData[static_cast<size_t>(reads[0])]);
    const float init =
        *reinterpret_cast<const float*>(state.slotData[static_cast<size_t>(reads[1])]);
    float* out = reinterpret_cast<float*>(state.slotData[static_cast<size_t>(writes[0])]);
    const size_t rank = shape_.size();
    int64_t total = 1;
    for (int64_t d : outShape_) total *= d;
    const int nt = total * 8 >= kParallelElements ? threads_ : 1;
#pragma omp parallel num_threads(nt) if (nt > 1)
    {
      std::vector<int64_t> o(rank), w(rank);
#pragma omp for schedule(static)
      for (int64_t flat = 0; flat < total; ++flat) {
        for (size_t d = rank, rest = static_cast<size_t>(flat); d-- > 0;) {
          o[d] = static_cast<int64_t>(rest % static_cast<size_t>(outShape_[d]));
          rest /= static_cast<size_t>(outShape_[d]);
        }
        std::fill(w.begin(), w.end(), 0);
        float acc = init;
        do {
          int64_t offset = 0;
          bool inside = true;
          for (size_t d = 0; d < rank && inside; ++d) {
            int64_t p = o[d] * a_.windowStrides[d] + w[d] * a_.rhsDilation[d] - a_.padding[d].first;
            inside = p >= 0 && p % a_.lhsDilation[d] == 0 && p / a_.lhsDilation[d] < shape_[d];
            offset += inside ? p / a_.lhsDilation[d] * strides_[d] : 0;
          }
          acc = f(acc, inside ? in[offset] : init);
        } while (next(w, a_.windowDimensions));
        out[flat] = acc;
      }
    }
  }

  OpKind combiner_;
  int threads_;
  const ir::Attributes& a_;
  std::vector<int64_t> shape_, outShape_, strides_;
  std::optional<Planar> planar_;
};

// select_and_scatter as the reference: source windows in order, the first element kept unless a
// later one compares strictly greater (GE) or greater-or-equal fails (GT), scatter-add. Windows
// overlap, so it runs on one thread, except for planar windows (independent planes).
class SelectAndScatterKernel : public Kernel {
public:
  SelectAndScatterKernel(const Graph& graph, const Step& step, ir::ComparisonDirection select,
                         int threads)
      : select_(select), a_(step.op->attrs), threads_(threads) {
    reads = step.operands;
    writes = step.results;
    shape_ = graph.slots[static_cast<size_t>(step.operands[0])].type.shape;
    sourceShape_ = graph.slots[static_cast<size_t>(step.operands[1])].type.shape;
    strides_ = ir::stridesOf(shape_);
    planar_ = planarWindow(graph, a_, step.operands[0], step.results[0], step.operands[1]);
    if (planar_ && !planar_->rowMajor && !tiles(*planar_)) {
      // scatterPixels's per-thread picks (and gathered source) of one batch item, in the arena.
      const Planar& p = *planar_;
      const auto plane = static_cast<size_t>(p.outH * p.outW * p.c);
      perThreadScratch_ =
          BufferPlan::aligned(plane * (sizeof(int32_t) + (p.src[1] == 1 ? 0 : sizeof(float))));
      scratchBytes = static_cast<size_t>(threads_) * perThreadScratch_;
    }
  }

  void run(RunState& state) override {
    if (planar_ && tiles(*planar_)) return scatterTiles(state);
    if (planar_) return planar_->rowMajor ? scatterPlanes(state) : scatterPixels(state);
    const Operands o = operands(state);
    const float *x = o.in, *source = o.source, init = o.init;
    float* out = o.out;
    int64_t n = 1, sources = 1;
    for (int64_t d : shape_) n *= d;
    for (int64_t d : sourceShape_) sources *= d;
    std::fill(out, out + n, init);
    if (sources == 0) return;
    const size_t rank = shape_.size();
    std::vector<int64_t> s(rank, 0), w(rank);
    for (int64_t flat = 0; flat < sources; ++flat, next(s, sourceShape_)) {
      std::fill(w.begin(), w.end(), 0);
      int64_t chosen = -1;
      do {
        int64_t offset = 0;
        bool inside = true;
        for (size_t d = 0; d < rank && inside; ++d) {
          int64_t p = s[d] * a_.windowStrides[d] - a_.padding[d].first + w[d];
          inside = p >= 0 && p < shape_[d];
          offset += p * strides_[d];
        }
        if (!inside) continue;
        if (chosen < 0 || !ref::compareValues(x[chosen], x[offset], select_)) chosen = offset;
      } while (next(w, a_.windowDimensions));
      if (chosen >= 0) out[chosen] += source[flat];
    }
  }

  std::string describe() const override {
    return "select_and_scatter " + std::string(ir::name(select_)) + " add [" + shapeText(shape_) +
           "] window " + shapeText(a_.windowDimensions) +
           (planar_ && tiles(*planar_) ? " tiled" : "");
  }

private:
  struct Operands {
    const float* in;
    const float* source;
    float init;
    float* out;
  };
  Operands operands(RunState& state) const {
    auto data = [&](int slot) { return state.slotData[static_cast<size_t>(slot)]; };
    return {reinterpret_cast<const float*>(data(reads[0])),
            reinterpret_cast<const float*>(data(reads[1])),
            *reinterpret_cast<const float*>(data(reads[2])),
            reinterpret_cast<float*>(data(writes[0]))};
  }

  // Windows that tile the image (stride = window, no padding, nothing left over: the usual 2x2
  // max-pool), channels-last: every element lies in exactly one window, which is read once.
  static bool tiles(const Planar& p) {
    return !p.rowMajor && p.in[1] == 1 && p.out[1] == 1 && p.padH == 0 && p.padW == 0 &&
           p.sh == p.kh && p.sw == p.kw && p.outH * p.kh == p.h && p.outW * p.kw == p.w &&
           p.kh * p.kw <= kMaxTile;
  }

  static constexpr int kMaxTile = 16, kChannelGroup = 16; // a group: one AVX-512 vector

  // One group of up to kChannelGroup channels of a tile, its picks held in registers across the
  // window: `width` a std::integral_constant for whole groups (so the loops unroll), an int for
  // the last partial one.
  template <class Width>
  static void pickAndWrite(const float* x0, float* y0, const float* g, const int64_t* xAt,
                           const int64_t* yAt, int32_t window, bool ge, float init, Width width) {
    float b[kChannelGroup];
    int32_t k[kChannelGroup];
#pragma omp simd
    for (int c = 0; c < width; ++c) {
      b[c] = x0[xAt[0] + c];
      k[c] = 0;
    }
    for (int32_t e = 1; e < window; ++e) {
      const float* x = x0 + xAt[e];
#pragma omp simd
      for (int c = 0; c < width; ++c) {
        const bool take = !(ge ? b[c] >= x[c] : b[c] > x[c]);
        b[c] = take ? x[c] : b[c];
        k[c] = take ? e : k[c];
      }
    }
    for (int32_t e = 0; e < window; ++e) {
      float* y = y0 + yAt[e];
#pragma omp simd
      for (int c = 0; c < width; ++c) y[c] = k[c] == e ? init + g[c] : init;
    }
  }

  // Each window picks its element per channel as the reference does (the first, then any later
  // one the select does not keep it over), and every element of the window is written once:
  // init + source where picked, init elsewhere. One pass, a channel group at a time with its picks
  // in registers (one loop over all channels, its picks in memory, took MNIST-CNN's two 2.39-2.43
  // ms a step, against 1.60-1.65), without scatterPixels's second pass over its recorded picks.
  void scatterTiles(RunState& state) {
    const Planar& p = *planar_;
    const Operands o = operands(state);
    const float *in = o.in, *source = o.source, init = o.init;
    float* out = o.out;
    const bool ge = select_ == ir::ComparisonDirection::GE;
    const int64_t pixels = p.n * p.outH * p.outW, window = p.kh * p.kw;
    // Each window element's offset from its tile's first, in the input and in the result.
    int64_t xAt[kMaxTile], yAt[kMaxTile];
    for (int32_t e = 0; e < window; ++e) {
      xAt[e] = e / p.kw * p.in[2] + e % p.kw * p.in[3];
      yAt[e] = e / p.kw * p.out[2] + e % p.kw * p.out[3];
    }
    const int nt = pixels * window * p.c >= kParallelElements ? threads_ : 1;
#pragma omp parallel num_threads(nt) if (nt > 1)
    {
      std::vector<float> gathered(p.src[1] == 1 ? 0 : static_cast<size_t>(p.c));
#pragma omp for schedule(static)
      for (int64_t pixel = 0; pixel < pixels; ++pixel) {
        const int64_t n = pixel / (p.outH * p.outW), oh = pixel / p.outW % p.outH,
                      ow = pixel % p.outW;
        const float* g = source + n * p.src[0] + oh * p.src[2] + ow * p.src[3];
        // A source that is not channels-last (the flatten before a dense layer) is gathered
        // first: the loops below vectorise only over contiguous channels.
        if (!gathered.empty()) {
          for (int64_t c = 0; c < p.c; ++c) gathered[static_cast<size_t>(c)] = g[c * p.src[1]];
          g = gathered.data();
        }
        const float* x0 = in + n * p.in[0] + oh * p.kh * p.in[2] + ow * p.kw * p.in[3];
        float* y0 = out + n * p.out[0] + oh * p.kh * p.out[2] + ow * p.kw * p.out[3];
        for (int32_t e = 0; e < window; ++e) prefetchAhead(x0 + xAt[e], p.c);
        int64_t c0 = 0;
        for (; c0 + kChannelGroup <= p.c; c0 += kChannelGroup)
          pickAndWrite(x0 + c0, y0 + c0, g + c0, xAt, yAt, window, ge, init,
                       std::integral_constant<int, kChannelGroup>());
        if (c0 < p.c)
          pickAndWrite(x0 + c0, y0 + c0, g + c0, xAt, yAt, window, ge, init,
                       static_cast<int>(p.c - c0));
      }
    }
  }

  // Overlapping (or gapped) windows, any layout: per batch item, every window first picks its
  // element per channel as the reference does (its window positions, -1 for a window wholly in
  // the padding); then every result element is written once: init plus the source of each window
  // that contains and picked it, added in the reference's source order. Filling the result and
  // scatter-adding into it element by element, as the reference does, took ResNet-18's 3x3
  // stride-2 pool backward 32 ms per step; this takes 16-18 (bench/README.md, "Session 15").
  void scatterPixels(RunState& state) {
    const Planar& p = *planar_;
    if (p.in[1] == 1 && p.out[1] == 1) return scatterPixels<true>(state);
    scatterPixels<false>(state);
  }

  // `Contiguous`: channels-last input and result. The picks are made 16 channels at a time in
  // local arrays (picking into heap arrays compiled to masked stores that branched on every
  // vector), and each result pixel is summed in place; a source that is not channels-last is
  // gathered first, a plane at a time.
  template <bool Contiguous> void scatterPixels(RunState& state) {
    constexpr int64_t kLanes = 16;
    const Planar& p = *planar_;
    const Operands o = operands(state);
    const float *in = o.in, *source = o.source, init = o.init;
    float* out = o.out;
    const bool ge = select_ == ir::ComparisonDirection::GE;
    const int64_t xs = Contiguous ? 1 : p.in[1], os = Contiguous ? 1 : p.out[1];
    const int nt = p.n * p.c * p.h * p.w >= kParallelElements ? threads_ : 1;
    const int64_t most =
        std::max(p.kh * p.kw, ((p.kh + p.sh - 1) / p.sh) * ((p.kw + p.sw - 1) / p.sw));
#pragma omp parallel num_threads(nt) if (nt > 1)
    {
      uint8_t* mine = state.scratch + static_cast<size_t>(omp_get_thread_num()) * perThreadScratch_;
      auto* picks = reinterpret_cast<int32_t*>(mine);
      float* gathered =
          p.src[1] == 1 ? nullptr : reinterpret_cast<float*>(picks + p.outH * p.outW * p.c);
      std::vector<float> acc(static_cast<size_t>(p.c));
      std::vector<int64_t> at(static_cast<size_t>(most)), pickAt(static_cast<size_t>(most));
      std::vector<int32_t> element(static_cast<size_t>(most));
#pragma omp for schedule(dynamic, 1)
      for (int64_t n = 0; n < p.n; ++n) {
        const float* x = in + n * p.in[0];
        for (int64_t oh = 0; oh < p.outH; ++oh)
          for (int64_t ow = 0; ow < p.outW; ++ow) {
            int64_t count = 0;
            for (int64_t i = 0; i < p.kh; ++i) {
              const int64_t r = oh * p.sh + i - p.padH;
              if (r < 0 || r >= p.h) continue;
              for (int64_t j = 0; j < p.kw; ++j) {
                const int64_t col = ow * p.sw + j - p.padW;
                if (col < 0 || col >= p.w) continue;
                at[static_cast<size_t>(count)] = r * p.in[2] + col * p.in[3];
                element[static_cast<size_t>(count++)] = static_cast<int32_t>(i * p.kw + j);
              }
            }
            int32_t* k = picks + (oh * p.outW + ow) * p.c;
            if (count == 0) {
              std::fill(k, k + p.c, -1);
              continue;
            }
            if (Contiguous) prefetchAhead(x + at[static_cast<size_t>(count - 1)], p.c);
            for (int64_t c0 = 0; c0 < p.c; c0 += kLanes) {
              const int64_t width = std::min(kLanes, p.c - c0);
              float best[kLanes];
              int32_t pick[kLanes];
              const float* first = x + at[0] + c0 * xs;
#pragma omp simd
              for (int64_t l = 0; l < width; ++l) {
                best[l] = first[l * xs];
                pick[l] = element[0];
              }
              for (size_t q = 1; q < static_cast<size_t>(count); ++q) {
                const float* v = x + at[q] + c0 * xs;
                const int32_t e = element[q];
#pragma omp simd
                for (int64_t l = 0; l < width; ++l) {
                  const bool take = !(ge ? best[l] >= v[l * xs] : best[l] > v[l * xs]);
                  best[l] = take ? v[l * xs] : best[l];
                  pick[l] = take ? e : pick[l];
                }
              }
              std::copy(pick, pick + width, k + c0);
            }
          }
        const float* g = source + n * p.src[0];
        int64_t gh = p.src[2], gw = p.src[3];
        if (gathered) {
          for (int64_t oh = 0; oh < p.outH; ++oh)
            for (int64_t ow = 0; ow < p.outW; ++ow)
              for (int64_t c = 0; c < p.c; ++c)
                gathered[(oh * p.outW + ow) * p.c + c] = g[oh * gh + ow * gw + c * p.src[1]];
          g = gathered;
          gh = p.outW * p.c;
          gw = p.c;
        }
        for (int64_t r = 0; r < p.h; ++r) {
          // The windows holding row r (col below): oh * sh - padH <= r < oh * sh - padH + kh.
          const int64_t ohLo = std::max<int64_t>(0, (r + p.padH - p.kh + p.sh) / p.sh);
          const int64_t ohHi = std::min(p.outH - 1, (r + p.padH) / p.sh);
          for (int64_t col = 0; col < p.w; ++col) {
            const int64_t owLo = std::max<int64_t>(0, (col + p.padW - p.kw + p.sw) / p.sw);
            const int64_t owHi = std::min(p.outW - 1, (col + p.padW) / p.sw);
            int64_t count = 0;
            for (int64_t oh = ohLo; oh <= ohHi; ++oh)
              for (int64_t ow = owLo; ow <= owHi; ++ow) {
                const auto q = static_cast<size_t>(count++);
                at[q] = oh * gh + ow * gw;
                pickAt[q] = (oh * p.outW + ow) * p.c;
                element[q] = static_cast<int32_t>((r - (oh * p.sh - p.padH)) * p.kw + col -
                                                  (ow * p.sw - p.padW));
              }
            float* y = out + n * p.out[0] + r * p.out[2] + col * p.out[3];
            float* sum = Contiguous ? y : acc.data();
#pragma omp simd
            for (int64_t c = 0; c < p.c; ++c) sum[c] = init;
            for (size_t q = 0; q < static_cast<size_t>(count); ++q) {
              const int32_t* k = picks + pickAt[q];
              const float* v = g + at[q];
              const int32_t e = element[q];
#pragma omp simd
              for (int64_t c = 0; c < p.c; ++c) sum[c] = k[c] == e ? sum[c] + v[c] : sum[c];
            }
            if (!Contiguous)
              for (int64_t c = 0; c < p.c; ++c) y[c * os] = sum[c];
          }
        }
      }
    }
  }

  void scatterPlanes(RunState& state) {
    const Planar& p = *planar_;
    const Operands o = operands(state);
    const float *in = o.in, *source = o.source, init = o.init;
    float* out = o.out;
    const bool ge = select_ == ir::ComparisonDirection::GE;
    const int64_t planes = p.n * p.c;
    const int nt = planes * p.h * p.w >= kParallelElements ? threads_ : 1;
#pragma omp parallel for num_threads(nt) schedule(dynamic, 4) if (nt > 1)
    for (int64_t plane = 0; plane < planes; ++plane) {
      const float* x = in + plane * p.h * p.w;
      const float* g = source + plane * p.outH * p.outW;
      float* y = out + plane * p.h * p.w;
      std::fill(y, y + p.h * p.w, init);
      for (int64_t oh = 0; oh < p.outH; ++oh)
        for (int64_t ow = 0; ow < p.outW; ++ow) {
          int64_t chosen = -1;
          for (int64_t i = 0; i < p.kh; ++i) {
            int64_t r = oh * p.sh + i - p.padH;
            if (r < 0 || r >= p.h) continue;
            for (int64_t j = 0; j < p.kw; ++j) {
              int64_t c = ow * p.sw + j - p.padW;
              if (c < 0 || c >= p.w) continue;
              int64_t at = r * p.w + c;
              if (chosen < 0 || !(ge ? x[chosen] >= x[at] : x[chosen] > x[at])) chosen = at;
            }
          }
          if (chosen >= 0) y[chosen] += g[oh * p.outW + ow];
        }
    }
  }

  ir::ComparisonDirection select_;
  const ir::Attributes& a_;
  int threads_;
  std::vector<int64_t> shape_, sourceShape_, strides_;
  std::optional<Planar> planar_;
  size_t perThreadScratch_ = 0;
};

} // namespace

bool isPlanarPooling(const Graph& graph, const Step& step) {
  if (!step.live || step.results.size() != 1 || step.operands.empty()) return false;
  if (graph.slots[static_cast<size_t>(step.operands[0])].type.rank() != 4) return false;
  if (step.op->kind == OpKind::reduce_window && makeReduceWindowKernel(graph, step, 1))
    return planarWindow(graph, step.op->attrs, step.operands[0], step.results[0]).has_value();
  if (step.op->kind == OpKind::select_and_scatter && makeSelectAndScatterKernel(graph, step, 1))
    return planarWindow(graph, step.op->attrs, step.operands[0], step.results[0], step.operands[1])
        .has_value();
  return false;
}

std::unique_ptr<Kernel> makeReduceWindowKernel(const Graph& graph, const Step& step, int threads) {
  const ir::Op& op = *step.op;
  if (op.operands.size() != 2 || op.regions.size() != 1 || !op.regions[0] || !allF32(graph, step))
    return nullptr;
  auto combiner = binaryBodyKind(*op.regions[0]);
  if (!combiner) return nullptr;
  return std::make_unique<ReduceWindowKernel>(graph, step, *combiner, threads);
}

std::unique_ptr<Kernel> makeSelectAndScatterKernel(const Graph& graph, const Step& step,
                                                   int threads) {
  const ir::Op& op = *step.op;
  if (op.regions.size() != 2 || !op.regions[0] || !op.regions[1] || !allF32(graph, step))
    return nullptr;
  if (binaryBodyKind(*op.regions[1]) != OpKind::add) return nullptr;
  // The select body must be compare(arg0, arg1, GE|GT) with a float comparison.
  const ir::Region& select = *op.regions[0];
  if (select.ops.size() != 1 || select.results.size() != 1 || select.args.size() != 2)
    return nullptr;
  const ir::Op& cmp = *select.ops[0];
  if (cmp.kind != OpKind::compare || select.results[0] != cmp.result() ||
      cmp.operands.size() != 2 || cmp.operands[0] != select.args[0].get() ||
      cmp.operands[1] != select.args[1].get())
    return nullptr;
  auto dir = cmp.attrs.comparisonDirection;
  auto type = cmp.attrs.compareType;
  if ((dir != ir::ComparisonDirection::GE && dir != ir::ComparisonDirection::GT) ||
      type == ir::ComparisonType::TOTALORDER)
    return nullptr;
  return std::make_unique<SelectAndScatterKernel>(graph, step, dir, threads);
}

} // namespace hlotrain::cpu::plan
