// How far the fast path's fused loops are from one hand-written pass over the same memory: the
// three kinds of loop that take most of a small net's step outside its convolutions, at
// MNIST-CNN's sizes (batch 128):
//   bn forward   y = max((x - mean) * scale + shift, 0), a channels-last [100352, 32]
//   bn sums      s1 = sum(select((x - mean) * scale + shift > 0, dy, 0)), s2 = the same times
//                (x - mean), over the rows: the two reduces of BatchNorm's gradient, one pass
//   bn backward  dx = (select((x - mean) * scale + shift > 0, dy, 0) - s1 - (x - mean) * s2) * k,
//                the two-sum BatchNorm gradient with the ReLU mask recomputed
//   adam         m' = b1 m + (1 - b1) g, v' = b2 v + (1 - b2) g^2,
//                p' = p - lr (m' / c1) / (sqrt(v' / c2) + eps), fc1's 1,605,632 weights
//   gelu         y = gelu(x + bias[c]), the exact GELU as nn/ emits it, at ConvNeXt-T's first
//                stage (a channels-last [100352, 384], batch 32): 31 ops per element
// Each is emitted as StableHLO (per-channel operands broadcast along the rows) and run by
// cpu::Executable with its large operands donated (results written in their storage, nothing
// allocated per run), its loop body interpreted node by node and compiled (VectorLoop), and as
// one OpenMP loop of two threads that keeps every value in registers and writes in place too.
// Prints the best of R runs of each, the bytes each must move (large operands read, results
// written) per second, and a two-thread triad over arrays of the same size as the yardstick.
// --cold evicts the caches before every run (a 256 MB write), so the operands come from memory
// as in a train step, whose working set is far larger than the cache; without it they stay in
// the cache between repeats.
// Usage: fused_loops [--quick] [--cold]   (see bench/README.md)

#include <omp.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "bench/Timing.h"
#include "ir/Builder.h"
#include "ir/Verifier.h"
#include "lower/cpu/Executable.h"
#include "nn/Emit.h"

using namespace hlotrain;
using namespace hlotrain::ir;
using hlotrain::bench::bestSeconds;

namespace {

constexpr int64_t kRows = 128 * 28 * 28, kChannels = 32, kWeights = 3136 * 512;

// Runs untimed before every timed run: nothing, or (--cold) the cache eviction.
std::function<void()> beforeEachRun;

void evictCaches() {
  static std::vector<float> junk(int64_t(64) << 20);
#pragma omp parallel for num_threads(2) schedule(static)
  for (size_t i = 0; i < junk.size(); ++i) junk[i] += 1.0f;
}

double timed(const std::function<void()>& f, int repeats) {
  return bestSeconds(f, repeats, beforeEachRun);
}

// A function under construction and the values of its arguments.
struct Graph {
  Module module;
  Function& fn = module.addFunction("main");
  Builder b{fn.body, &module};
  std::vector<Tensor> inputs;
  std::vector<bool> donated;
  std::mt19937 rng{7};

  Value* arg(Shape shape, float lo, float hi, bool donate = false) {
    Tensor t(TensorType{ElementType::f32, shape});
    std::uniform_real_distribution<float> u(lo, hi);
    for (int64_t i = 0; i < t.numElements(); ++i) t.data<float>()[i] = u(rng);
    inputs.push_back(std::move(t));
    donated.push_back(donate);
    return fn.body.addArgument(TensorType{ElementType::f32, std::move(shape)});
  }
  // A per-channel vector broadcast along the rows of a [kRows, kChannels] loop.
  Value* channel(float lo, float hi) {
    return b.broadcastInDim(arg({kChannels}, lo, hi), {kRows, kChannels}, {1});
  }
  // A constant of `shape` as nn/ emits one: a scalar broadcast.
  Value* full(float v, Shape shape) {
    return b.broadcastInDim(b.scalar<float>(v), std::move(shape), {});
  }

  // Best seconds of a run with the donated inputs fed back from the previous run's results
  // (result i replaces the i-th donated input), so each run writes in place.
  double time(int repeats, bool vectorLoops) {
    verify(module);
    auto exe = cpu::Executable::compile(module, "main", {.vectorLoops = vectorLoops});
    auto once = [&] {
      std::vector<Tensor> results = exe->runDonating(inputs, donated);
      for (size_t i = 0, r = 0; i < inputs.size(); ++i)
        if (donated[i]) inputs[i] = std::move(results[r++]);
    };
    once(); // first touch
    return timed(once, repeats);
  }
  float* data(size_t i) { return inputs[i].data<float>(); }
};

double triadSeconds(int64_t n, int repeats) {
  std::vector<float> a(n, 1.0f), b(n, 2.0f), c(n, 3.0f);
  return timed(
      [&] {
#pragma omp parallel for num_threads(2) schedule(static)
        for (int64_t i = 0; i < n; ++i) a[i] = b[i] + 1.5f * c[i];
      },
      repeats);
}

// The hand-written loops write in place, as the executables write their results into the donated
// operand. Their pointers are restrict parameters: captured by a lambda they are reloaded after
// every store and the loops stay scalar.
void bnForwardPass(float* __restrict x, const float* __restrict mean, const float* __restrict scale,
                   const float* __restrict shift) {
#pragma omp parallel for num_threads(2) schedule(static)
  for (int64_t r = 0; r < kRows; ++r)
#pragma omp simd
    for (int64_t c = 0; c < kChannels; ++c) {
      const int64_t i = r * kChannels + c;
      x[i] = std::max((x[i] - mean[c]) * scale[c] + shift[c], 0.0f);
    }
}

// Per-channel sums in double, each thread over its half of the rows in its own accumulators.
void bnSumsPass(const float* __restrict x, const float* __restrict dy, const float* __restrict mean,
                const float* __restrict scale, const float* __restrict shift, double* __restrict s1,
                double* __restrict s2) {
  double partial[2][2][kChannels];
#pragma omp parallel num_threads(2)
  {
    double a[kChannels] = {}, b[kChannels] = {};
#pragma omp for schedule(static)
    for (int64_t r = 0; r < kRows; ++r) {
      const float* xr = x + r * kChannels;
      const float* dr = dy + r * kChannels;
      // The row's terms in float first, then added in double: one loop mixing both, or with
      // the mask as a branch, stays scalar.
      float ga[kChannels], gb[kChannels];
#pragma omp simd
      for (int64_t c = 0; c < kChannels; ++c) {
        const float centred = xr[c] - mean[c];
        const float grad = centred * scale[c] + shift[c] > 0.0f ? dr[c] : 0.0f;
        ga[c] = grad;
        gb[c] = grad * centred;
      }
#pragma omp simd
      for (int64_t c = 0; c < kChannels; ++c) {
        a[c] += ga[c];
        b[c] += gb[c];
      }
    }
    std::memcpy(partial[omp_get_thread_num()][0], a, sizeof a);
    std::memcpy(partial[omp_get_thread_num()][1], b, sizeof b);
  }
  for (int64_t c = 0; c < kChannels; ++c) {
    s1[c] = partial[0][0][c] + partial[1][0][c];
    s2[c] = partial[0][1][c] + partial[1][1][c];
  }
}

void bnBackwardPass(float* __restrict x, const float* __restrict dy, const float* __restrict mean,
                    const float* __restrict scale, const float* __restrict shift,
                    const float* __restrict s1, const float* __restrict s2,
                    const float* __restrict k) {
#pragma omp parallel for num_threads(2) schedule(static)
  for (int64_t r = 0; r < kRows; ++r)
#pragma omp simd
    for (int64_t c = 0; c < kChannels; ++c) {
      const int64_t i = r * kChannels + c;
      const float centred = x[i] - mean[c], d = dy[i];
      const float grad = centred * scale[c] + shift[c] > 0.0f ? d : 0.0f;
      x[i] = (grad - s1[c] - centred * s2[c]) * k[c];
    }
}

struct Row {
  std::string name;
  double bytes, interpreted, compiled, single;
};

Row bnForward(int repeats) {
  Graph g;
  Value* x = g.arg({kRows, kChannels}, -1, 1, true);
  Value* mean = g.channel(-0.1f, 0.1f);
  Value* scale = g.channel(0.5f, 1.5f);
  Value* shift = g.channel(-0.1f, 0.1f);
  Value* pre = g.b.add(g.b.multiply(g.b.subtract(x, mean), scale), shift);
  g.fn.setResults({g.b.maximum(pre, g.full(0, {kRows, kChannels}))});
  const double interpreted = g.time(repeats, false), compiled = g.time(repeats, true);
  const double single =
      timed([&] { bnForwardPass(g.data(0), g.data(1), g.data(2), g.data(3)); }, repeats);
  return {"bn forward (+relu)", 2.0 * 4 * kRows * kChannels, interpreted, compiled, single};
}

Row bnBackward(int repeats) {
  Graph g;
  Value* x = g.arg({kRows, kChannels}, -1, 1, true);
  Value* dy = g.arg({kRows, kChannels}, -1, 1);
  Value* mean = g.channel(-0.1f, 0.1f);
  Value* scale = g.channel(0.5f, 1.5f);
  Value* shift = g.channel(-0.1f, 0.1f);
  Value* s1 = g.channel(-0.1f, 0.1f);
  Value* s2 = g.channel(-0.1f, 0.1f);
  Value* k = g.channel(0.5f, 1.0f);
  Value* zero = g.full(0, {kRows, kChannels});
  Value* xc = g.b.subtract(x, mean);
  Value* pre = g.b.add(g.b.multiply(xc, scale), shift);
  Value* masked = g.b.select(g.b.compare(pre, zero, ComparisonDirection::GT), dy, zero);
  g.fn.setResults({g.b.multiply(g.b.subtract(g.b.subtract(masked, s1), g.b.multiply(xc, s2)), k)});
  const double interpreted = g.time(repeats, false), compiled = g.time(repeats, true);
  const double single = timed(
      [&] {
        bnBackwardPass(g.data(0), g.data(1), g.data(2), g.data(3), g.data(4), g.data(5), g.data(6),
                       g.data(7));
      },
      repeats);
  return {"bn backward (relu mask)", 3.0 * 4 * kRows * kChannels, interpreted, compiled, single};
}

Row bnSums(int repeats) {
  Graph g;
  Value* x = g.arg({kRows, kChannels}, -1, 1);
  Value* dy = g.arg({kRows, kChannels}, -1, 1);
  Value* mean = g.channel(-0.1f, 0.1f);
  Value* scale = g.channel(0.5f, 1.5f);
  Value* shift = g.channel(-0.1f, 0.1f);
  Value* zero = g.full(0, {kRows, kChannels});
  Value* xc = g.b.subtract(x, mean);
  Value* pre = g.b.add(g.b.multiply(xc, scale), shift);
  Value* masked = g.b.select(g.b.compare(pre, zero, ComparisonDirection::GT), dy, zero);
  g.fn.setResults({g.b.reduce(masked, g.b.scalar(0.0f), {0}, OpKind::add),
                   g.b.reduce(g.b.multiply(masked, xc), g.b.scalar(0.0f), {0}, OpKind::add)});
  const double interpreted = g.time(repeats, false), compiled = g.time(repeats, true);
  double s1[kChannels], s2[kChannels];
  const double single = timed(
      [&] { bnSumsPass(g.data(0), g.data(1), g.data(2), g.data(3), g.data(4), s1, s2); }, repeats);
  return {"bn backward sums (x2)", 2.0 * 4 * kRows * kChannels, interpreted, compiled, single};
}

// Adam's constants (lr 1e-3, betas 0.9 / 0.999, eps 1e-8; c1, c2 the bias corrections at step 1).
constexpr float kLr = 1e-3f, kB1 = 0.9f, kB2 = 0.999f, kEps = 1e-8f, kC1 = 1 - kB1, kC2 = 1 - kB2;

void adamPass(float* __restrict p, float* __restrict m, float* __restrict v,
              const float* __restrict g, int64_t n) {
#pragma omp parallel for simd num_threads(2) schedule(static)
  for (int64_t i = 0; i < n; ++i) {
    const float mi = kB1 * m[i] + (1 - kB1) * g[i];
    const float vi = kB2 * v[i] + (1 - kB2) * (g[i] * g[i]);
    m[i] = mi;
    v[i] = vi;
    p[i] -= kLr * ((mi / kC1) / (std::sqrt(vi / kC2) + kEps));
  }
}

Row adam(int repeats) {
  const int64_t n = kWeights;
  Graph g;
  Builder& b = g.b;
  auto c = [&](float v) { return g.full(v, {n}); };
  Value* p = g.arg({n}, -0.05f, 0.05f, true);
  Value* m = g.arg({n}, -1e-3f, 1e-3f, true);
  Value* v = g.arg({n}, 0, 1e-6f, true);
  Value* grad = g.arg({n}, -1e-2f, 1e-2f);
  Value* m2 = b.add(b.multiply(c(kB1), m), b.multiply(c(1 - kB1), grad));
  Value* v2 = b.add(b.multiply(c(kB2), v), b.multiply(c(1 - kB2), b.multiply(grad, grad)));
  Value* update =
      b.divide(b.divide(m2, c(kC1)), b.add(b.unary(OpKind::sqrt, b.divide(v2, c(kC2))), c(kEps)));
  g.fn.setResults({b.subtract(p, b.multiply(c(kLr), update)), m2, v2});
  const double interpreted = g.time(repeats, false), compiled = g.time(repeats, true);
  std::vector<float> ps(g.data(0), g.data(0) + n), ms(g.data(1), g.data(1) + n),
      vs(g.data(2), g.data(2) + n);
  const double single =
      timed([&] { adamPass(ps.data(), ms.data(), vs.data(), g.data(3), n); }, repeats);
  return {"adam (fc1 weights)", 7.0 * 4 * n, interpreted, compiled, single};
}

constexpr int64_t kGeluChannels = 384;

// nn/'s exact GELU in float, in the graph's order of ops; the compiler may contract them into
// fused multiply-adds, so the pass is a bound, not the same bits.
template <size_t N> constexpr std::array<float, N> toFloats(const double (&v)[N]) {
  std::array<float, N> out{};
  for (size_t k = 0; k < N; ++k) out[k] = static_cast<float>(v[k]);
  return out;
}
constexpr auto kErfP = toFloats(nn::kErfNumerator);
constexpr auto kErfQ = toFloats(nn::kErfDenominator);
constexpr auto kInvSqrt2f = static_cast<float>(nn::kInvSqrt2);

void geluPass(float* __restrict x, const float* __restrict bias) {
#pragma omp parallel for num_threads(2) schedule(static)
  for (int64_t r = 0; r < kRows; ++r)
#pragma omp simd
    for (int64_t c = 0; c < kGeluChannels; ++c) {
      const int64_t i = r * kGeluChannels + c;
      const float v = x[i] + bias[c];
      const float s = std::min(std::max(v * kInvSqrt2f, -4.0f), 4.0f), z = s * s;
      float p = kErfP.back(), q = kErfQ.back();
      for (size_t k = kErfP.size() - 1; k-- > 0;) p = p * z + kErfP[k];
      for (size_t k = kErfQ.size() - 1; k-- > 0;) q = q * z + kErfQ[k];
      x[i] = v * 0.5f * (s * p / q + 1.0f);
    }
}

Row gelu(int repeats) {
  Graph g;
  const Shape shape{kRows, kGeluChannels};
  Value* x = g.arg(shape, -3, 3, true);
  Value* bias = g.b.broadcastInDim(g.arg({kGeluChannels}, -0.1f, 0.1f), shape, {1});
  g.fn.setResults({nn::emitActivation(g.b, g.b.add(x, bias), nn::Activation::gelu)});
  const double interpreted = g.time(repeats, false), compiled = g.time(repeats, true);
  const double single = timed([&] { geluPass(g.data(0), g.data(1)); }, repeats);
  return {"gelu (convnext stage 1)", 2.0 * 4 * kRows * kGeluChannels, interpreted, compiled,
          single};
}

} // namespace

int main(int argc, char** argv) {
  bool quick = false, cold = false;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--quick") == 0) {
      quick = true;
    } else if (std::strcmp(argv[i], "--cold") == 0) {
      cold = true;
    } else {
      std::fprintf(stderr,
                   "fused_loops: unknown argument %s (usage: fused_loops [--quick] [--cold])\n",
                   argv[i]);
      return 2;
    }
  }
  const int repeats = quick ? 3 : 20;
  if (cold) beforeEachRun = evictCaches;
  const double triad = triadSeconds(kRows * kChannels, repeats);
  const double triadRate = 3.0 * 4 * kRows * kChannels / triad / 1e9;
  std::printf("best of %d runs, 2 threads, operands %s; triad over 3 x %.1f MB: %.1f GB/s\n\n",
              repeats, cold ? "from memory (--cold)" : "in the cache",
              4.0 * kRows * kChannels / 1e6, triadRate);
  std::printf("%-26s %6s %10s %10s %10s %9s %9s %9s %9s\n", "loop", "MB", "interp ms", "compiled",
              "1-pass ms", "int GB/s", "comp GB/s", "1p GB/s", "comp/1p");
  for (const Row& r :
       {bnForward(repeats), bnSums(repeats), bnBackward(repeats), adam(repeats), gelu(repeats)})
    std::printf("%-26s %6.1f %10.2f %10.2f %10.2f %9.1f %9.1f %9.1f %9.2f\n", r.name.c_str(),
                r.bytes / 1e6, r.interpreted * 1e3, r.compiled * 1e3, r.single * 1e3,
                r.bytes / r.interpreted / 1e9, r.bytes / r.compiled / 1e9, r.bytes / r.single / 1e9,
                r.compiled / r.single);
  return 0;
}
